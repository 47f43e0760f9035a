-- Account centre, users and roles: an enterprise's administrator disables and re-enables its
-- users; a disabled user cannot log in and its sessions end. Role changes are kept as history.
alter table users add column disabled boolean not null default false;

create table user_role_changes (
  id bigserial primary key,
  corp_id text not null references corps(id),
  user_id text not null references users(id),
  actor_id text not null references users(id),
  action text not null,
  roles_before text[] not null,
  roles_after text[] not null,
  created_at timestamptz not null default now()
);
create index user_role_changes_user on user_role_changes (user_id, created_at);
