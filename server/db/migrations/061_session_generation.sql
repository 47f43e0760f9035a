-- A generation of everything a cached session depends on (docs/decisions/0006-session-cache.md, amended):
-- bumped in the same transaction as any change to sessions (user, CSRF token, role, delete), users,
-- user_roles or corps, so it is visible exactly when the change is. On a shared PostgreSQL each instance
-- compares it with the generation its cached session was read at, on every request: a logout or role change
-- answered by one instance is seen by all at once, not when the notification arrives.
create table session_generation (
  id integer primary key check (id = 1),
  n bigint not null
);
insert into session_generation (id, n) values (1, 0);

create function scf_bump_session_generation() returns trigger language plpgsql as $$ begin update session_generation set n = n + 1 where id = 1; return null; end $$;

create trigger sessions_generation after update of user_id, csrf_token, active_role or delete on sessions
  for each statement execute function scf_bump_session_generation();

create trigger users_generation after update or delete on users
  for each statement execute function scf_bump_session_generation();

create trigger user_roles_generation after insert or update or delete on user_roles
  for each statement execute function scf_bump_session_generation();

create trigger corps_generation after update or delete on corps
  for each statement execute function scf_bump_session_generation();
