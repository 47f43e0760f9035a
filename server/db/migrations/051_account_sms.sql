-- SMS sent to a user's mobile (my/message/text-message): the portal lists them with a read
-- state of their own; the bell counts in-site mail only.
create table user_sms (
  id text primary key,
  user_id text not null references users(id),
  mobile text not null,
  content text not null,
  send_status text not null default 'SENT' check (send_status in ('SENT', 'FAILED')),
  read_state text not null default 'UNREAD' check (read_state in ('UNREAD', 'READ')),
  created_at timestamptz not null default now()
);
create index user_sms_user on user_sms (user_id, created_at);
