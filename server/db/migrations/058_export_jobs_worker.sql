-- Who runs an export job and when it last said so (server/lists/exports.ts): a running job whose worker
-- is silent too long belongs to a process that died, and is marked failed instead of running for ever.
alter table export_jobs add column worker text;
alter table export_jobs add column heartbeat_at timestamptz;
