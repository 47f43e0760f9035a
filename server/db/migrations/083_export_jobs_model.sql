-- The download centre's jobs are records of the model exportJob (schemas/_models/exportJob.json; ADR 0007
-- addendum "records seen by one user"): each row gets the engine's system columns, its status in `state`,
-- and its owner as the visibility key `user:<id>` (server/models/recordStore.ts visibilityKey). The one
-- writer of the table is server/models/exportJobs.ts. The engine adds the creator columns and the side
-- tables at start (modelTables.ts).
alter table export_jobs rename column status to state;
alter table export_jobs add column version integer not null default 1;
alter table export_jobs add column visible_corps text[] not null default '{}';
alter table export_jobs add column file_name text;
alter table export_jobs add column updated_at timestamptz not null default now();
update export_jobs
   set visible_corps = array['user:' || user_id],
       file_name = title || '.xlsx',
       updated_at = coalesce(finished_at, created_at);
alter table export_jobs alter column file_name set not null;
