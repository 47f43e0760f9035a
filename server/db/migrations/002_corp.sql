-- Product opening applications (产品开通) from /my/product/overview.
create table product_applications (
  id bigserial primary key,
  corp_id text not null references corps(id),
  product text not null,
  applicant_id text not null references users(id),
  status text not null default 'PENDING' check (status in ('PENDING', 'APPROVED', 'REJECTED')),
  created_at timestamptz not null default now()
);
create unique index product_applications_pending on product_applications (corp_id, product) where status = 'PENDING';
