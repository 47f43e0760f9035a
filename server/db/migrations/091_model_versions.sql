-- The data version of every model's records (docs/decisions/0016-list-answer-cache.md): bumped by the side
-- table's trigger in the same transaction as any write to the records (server/models/modelTables.ts), so it
-- is visible exactly when the write is. Each instance keeps list answers with the versions they were read at
-- (server/models/listCache.ts) and uses one only while the versions are unchanged. A model's row is made
-- with its side table's trigger.
create table model_versions (
  name text primary key,
  v bigint not null
);
