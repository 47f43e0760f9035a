-- A to-do written by a transition's hand-over (server/models/handovers.ts) names the record and the action
-- that produced it.
alter table messages add column model text;
alter table messages add column record_id text;
alter table messages add column action text;
