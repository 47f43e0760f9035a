-- In-site messages and SMS are records of the models message and smsMessage (schemas/_models/message.json,
-- smsMessage.json; ADR 0007 addendum "records seen by one user"): each row gets the engine's system columns,
-- its read state in `state` (HANDLED for a to-do closed by server/models/handovers.ts closeHandovers), the
-- receiver's enterprise, and its receiver as the visibility key `user:<id>` (server/models/recordStore.ts
-- visibilityKey). The engine adds the creator columns and the side tables at start (modelTables.ts).
alter table messages add column state text;
alter table messages add column version integer not null default 1;
alter table messages add column visible_corps text[] not null default '{}';
alter table messages add column user_corp_id text;
alter table messages add column updated_at timestamptz not null default now();
update messages m
   set state = case when m.handled_at is not null then 'HANDLED' else m.message_state end,
       visible_corps = array['user:' || m.user_id],
       user_corp_id = u.corp_id,
       updated_at = coalesce(m.handled_at, m.created_at)
  from users u
 where u.id = m.user_id;
alter table messages alter column state set not null;
drop index messages_user;
alter table messages drop column message_state;
create index messages_user on messages (user_id, state);

alter table user_sms add column state text;
alter table user_sms add column version integer not null default 1;
alter table user_sms add column visible_corps text[] not null default '{}';
alter table user_sms add column user_corp_id text;
alter table user_sms add column updated_at timestamptz not null default now();
update user_sms s
   set state = s.read_state,
       visible_corps = array['user:' || s.user_id],
       user_corp_id = u.corp_id,
       updated_at = s.created_at
  from users u
 where u.id = s.user_id;
alter table user_sms alter column state set not null;
alter table user_sms drop column read_state;
