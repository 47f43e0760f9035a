-- UKEY bindings are records of the model ukeyBinding (schemas/_models/ukeyBinding.json): which key and
-- certificate an enterprise holds, seen by that enterprise alone, written by server/models/ukeyBindings.ts
-- alone (binding, and a soft key unbound when its holder gets a new one, each with its audit entry). The row
-- gets the engine's system columns: its state (ACTIVE, UNBOUND) in `state`, the binding time as created_at,
-- a text id, and its enterprise as visibility key. The engine adds the side table at start (modelTables.ts).
-- Certificates (ukey_certificates) stay the test CA's own table.
alter table ukey_bindings alter column id drop default;
alter table ukey_bindings alter column id type text using id::text;
drop sequence if exists ukey_bindings_id_seq;
alter table ukey_bindings rename column status to state;
alter table ukey_bindings drop constraint if exists ukey_bindings_status_check;
alter table ukey_bindings rename column bound_at to created_at;
alter table ukey_bindings add column version integer not null default 1;
alter table ukey_bindings add column visible_corps text[] not null default '{}';
alter table ukey_bindings add column holder_name text;
alter table ukey_bindings add column created_by text;
alter table ukey_bindings add column created_by_name text;
alter table ukey_bindings add column created_corp_id text;
alter table ukey_bindings add column created_corp_name text;
alter table ukey_bindings add column updated_at timestamptz not null default now();
update ukey_bindings b
   set visible_corps = array[b.corp_id],
       updated_at = b.created_at,
       holder_name = (select u.person_name from users u where u.id = b.holder_user_id);
