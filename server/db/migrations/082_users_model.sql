-- The users of an enterprise are records of the model corpUser (schemas/_models/corpUser.json; ADR 0007
-- addendum "the account centre's services"): each row gets the engine's system columns, its 启用/停用 in
-- `state`, and its enterprise as the visibility key. `disabled` (login, session loading) is now read from
-- the state, so the state is the one fact; `visible_corps` follows `corp_id` for rows written by SQL
-- (registration, seeds) as well as by the engine. The engine adds the creator columns and the side table
-- at start (server/models/modelTables.ts).
alter table users add column state text not null default 'ENABLED';
alter table users add column version integer not null default 1;
alter table users add column visible_corps text[] not null default '{}';
alter table users add column updated_at timestamptz not null default now();
update users set state = case when disabled then 'DISABLED' else 'ENABLED' end,
                 visible_corps = array[corp_id], updated_at = created_at;
alter table users drop column disabled;
alter table users add column disabled boolean generated always as (state = 'DISABLED') stored;

create function users_visible_corps() returns trigger language plpgsql as $$
begin new.visible_corps := array[new.corp_id]; return new; end $$;
create trigger users_visible_corps before insert or update of corp_id, visible_corps on users
  for each row execute function users_visible_corps();

-- Every user has its creation entry in the engine's audit, however it was written (the account centre's
-- 新增用户, registration, seeds: they write users by SQL, not through the engine).
insert into biz_audit (model, record_id, action, from_state, to_state, corp_id, at)
  select 'corpUser', id, 'create', null, state, corp_id, created_at from users;
create function users_created_audit() returns trigger language plpgsql as $$
begin insert into biz_audit (model, record_id, action, from_state, to_state, corp_id, at) values ('corpUser', new.id, 'create', null, new.state, new.corp_id, new.created_at); return new; end $$;
create trigger users_created_audit after insert on users
  for each row execute function users_created_audit();
