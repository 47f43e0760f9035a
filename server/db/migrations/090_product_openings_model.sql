-- Product opening is the model productOpening (schemas/_models/productOpening.json): one record per enterprise
-- and product in corp_products, seen by that enterprise alone, its state 未开通 (UNOPENED), 审核中 (PENDING) or
-- 已开通 (OPENED) instead of the `opened` flag and the pending rows of product_applications. The one writer is
-- server/models/productOpenings.ts; it also makes, at start, the records of the products an enterprise has no
-- record of yet (the product list is the manifests', which SQL does not know). The engine adds the side table
-- at start (modelTables.ts).
alter table corp_products drop constraint corp_products_pkey;
alter table corp_products add column id text;
alter table corp_products add column state text;
alter table corp_products add column version integer not null default 1;
alter table corp_products add column visible_corps text[] not null default '{}';
alter table corp_products add column created_by text;
alter table corp_products add column created_by_name text;
alter table corp_products add column created_corp_id text;
alter table corp_products add column created_corp_name text;
alter table corp_products add column created_at timestamptz not null default now();
alter table corp_products add column updated_at timestamptz not null default now();
alter table corp_products add column applicant_id text;
alter table corp_products add column applicant_name text;
alter table corp_products add column applied_at timestamptz;
alter table corp_products add column opened_at timestamptz;

-- An application still waiting for an enterprise without a row gets its record.
insert into corp_products (corp_id, product, opened)
select distinct a.corp_id, a.product, false from product_applications a
 where a.status = 'PENDING'
   and not exists (select 1 from corp_products p where p.corp_id = a.corp_id and p.product = a.product);

update corp_products
   set id = gen_random_uuid()::text,
       state = case when opened then 'OPENED' else 'UNOPENED' end,
       visible_corps = array[corp_id];

-- The applicant and time of the latest application: a pending one makes the record 审核中.
update corp_products p
   set applicant_id = a.applicant_id,
       applicant_name = u.person_name,
       applied_at = a.created_at,
       state = case when p.state = 'OPENED' then 'OPENED' when a.status = 'PENDING' then 'PENDING' else p.state end
  from (select distinct on (corp_id, product) corp_id, product, applicant_id, status, created_at
          from product_applications where status in ('PENDING', 'APPROVED')
         order by corp_id, product, created_at desc, id desc) a
  join users u on u.id = a.applicant_id
 where a.corp_id = p.corp_id and a.product = p.product;

alter table corp_products drop column opened;
alter table corp_products alter column id set not null;
alter table corp_products alter column state set not null;
alter table corp_products add primary key (id);
create unique index corp_products_once on corp_products (corp_id, product);
drop table product_applications;
