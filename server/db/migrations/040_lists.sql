-- ProTable-level lists: per-user list settings and the download centre's export jobs.

-- One user's saved settings of one list (columns shown, their order and fixing, density), by a key the
-- portal chooses (the list's route path).
create table user_list_settings (
  user_id text not null,
  list_key text not null,
  settings jsonb not null,
  updated_at timestamptz not null default now(),
  primary key (user_id, list_key)
);

-- Exports of a list query to .xlsx: small ones are written at once, large ones run in the background
-- and report progress (done of total rows). The file goes to the file storage under storage_key.
create table export_jobs (
  id text primary key,
  user_id text not null,
  corp_id text not null,
  model text not null,
  title text not null,
  params jsonb not null,
  columns jsonb not null,
  status text not null,
  total integer not null default 0,
  done integer not null default 0,
  storage_key text,
  size integer,
  error text,
  created_at timestamptz not null default now(),
  finished_at timestamptz
);
create index export_jobs_user on export_jobs (user_id, created_at desc);
