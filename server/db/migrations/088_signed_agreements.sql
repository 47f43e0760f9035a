-- Signed agreements are records of the model signedAgreement (schemas/_models/signedAgreement.json), written
-- by server/models/signedAgreements.ts alone: the registration agreements (until now the JSON column
-- corp_registrations.agreements) and the products' signed contracts (until now read from biz_audit). The
-- table is made here so that existing signings can be moved into it; the engine adds the side table at start
-- (modelTables.ts). The move needs the products' agreement declarations (ServerProduct.agreements, written
-- in TypeScript), so it runs once at start (signedAgreements.ts moveSignedAgreements) while the row below is
-- present; a registration's JSON is emptied once moved.
create table signed_agreements (
  id text primary key,
  state text not null,
  version integer not null default 1,
  visible_corps text[] not null default '{}',
  created_by text,
  created_by_name text,
  created_corp_id text,
  created_corp_name text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  corp_id text,
  kind text,
  code text,
  title text,
  agreement_version text,
  agreement_no text,
  product text,
  model text,
  record_id text,
  signer_user_id text,
  signer_name text,
  signed_at timestamptz,
  pdf text,
  paragraphs jsonb
);
create unique index signed_agreements_once on signed_agreements (corp_id, code, coalesce(record_id, ''));

alter table corp_registrations alter column agreements drop not null;

create table pending_moves (name text primary key);
insert into pending_moves (name) values ('signedAgreement');
