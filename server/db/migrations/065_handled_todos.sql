-- A hand-over to-do is closed when its record moves on, whoever moved it (server/models/handovers.ts
-- closeHandovers): when and by whom, so the inbox says 已处理 and the bell stops counting it.
alter table messages add column handled_at timestamptz;
alter table messages add column handled_by_name text;
create index messages_record_open on messages (model, record_id) where handled_at is null and model is not null;
