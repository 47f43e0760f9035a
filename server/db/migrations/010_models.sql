-- The models engine (docs/decisions/0007-models-engine.md). Each model's own table (credit_voucher, ...)
-- is created from its model file at start by server/models/modelTables.ts; these tables serve every model.

-- Who did what to which record, when, from which state to which, why, and with which UKEY signature.
create table biz_audit (
  id bigserial primary key,
  model text not null,
  record_id text not null,
  action text not null,
  from_state text,
  to_state text,
  reason text,
  user_id text,
  user_name text,
  person_name text,
  corp_id text,
  role_code text,
  signed boolean not null default false,
  signature jsonb,
  at timestamptz not null default now()
);
create index biz_audit_record on biz_audit (model, record_id, at, id);

-- Daily counters of business numbers (prefix + yyyyMMdd → last number handed out).
create table biz_sequences (
  name text primary key,
  value bigint not null
);

-- Uploaded files: metadata here, bytes in the file storage (local disk by default) under storage_key.
create table biz_files (
  id text primary key,
  model text not null,
  record_id text not null,
  category text not null,
  file_name text not null,
  ext text not null,
  mime text not null,
  size integer not null,
  sha256 text not null,
  storage_key text not null,
  uploader_id text,
  uploader_name text,
  corp_id text,
  created_at timestamptz not null default now()
);
create index biz_files_record on biz_files (model, record_id, created_at);
