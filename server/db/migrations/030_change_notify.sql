-- Change notifications for per-instance caches (docs/decisions/0006-session-cache.md). Every write to a
-- cached table, by any instance or by hand, sends `kind:key` on channel scf_changes when its transaction
-- commits; each server instance LISTENs and drops what it cached for that key.
create function scf_notify_change() returns trigger language plpgsql as $$ begin perform pg_notify('scf_changes', TG_ARGV[0] || ':' || (to_jsonb(case when TG_OP = 'DELETE' then OLD else NEW end) ->> TG_ARGV[1])); return null; end $$;

create trigger sessions_changed after update of user_id, csrf_token, active_role or delete on sessions
  for each row execute function scf_notify_change('session', 'id_hash');

create trigger users_changed after update or delete on users
  for each row execute function scf_notify_change('user', 'id');

create trigger user_roles_changed after insert or update or delete on user_roles
  for each row execute function scf_notify_change('user', 'user_id');

create trigger corps_changed after update or delete on corps
  for each row execute function scf_notify_change('corp', 'id');

create trigger messages_changed after insert or update or delete on messages
  for each row execute function scf_notify_change('messages', 'user_id');
