-- A user's product switches are records of the model productSwitch (schemas/_models/productSwitch.json; ADR
-- 0007 addendum "records seen by one user"): each row gets a text id, the engine's system columns, the
-- user's enterprise, and the user as the visibility key `user:<id>` (server/models/recordStore.ts
-- visibilityKey). The one writer of the table is server/models/productSwitches.ts. The engine adds the
-- creator columns and the side tables at start (modelTables.ts).
alter table product_switch_records alter column id drop default;
alter table product_switch_records alter column id type text using id::text;
drop sequence if exists product_switch_records_id_seq;
alter table product_switch_records add column state text not null default 'SWITCHED';
alter table product_switch_records add column version integer not null default 1;
alter table product_switch_records add column visible_corps text[] not null default '{}';
alter table product_switch_records add column user_corp_id text;
alter table product_switch_records add column updated_at timestamptz not null default now();
update product_switch_records r
   set visible_corps = array['user:' || r.user_id],
       user_corp_id = u.corp_id,
       updated_at = r.created_at
  from users u
 where u.id = r.user_id;
alter table product_switch_records alter column state drop default;
create index product_switch_records_user on product_switch_records (user_id, created_at);
