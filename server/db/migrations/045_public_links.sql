-- One-time public links (server/publicLinks): a counterparty acts on one record without logging in.
-- Only the SHA-256 of the token is kept; a link is bound to its kind (page and action), record and
-- acting enterprise, expires, and is spent by its first successful use.
create table public_links (
  token_hash text primary key,
  kind text not null,
  model text not null,
  record_id text not null,
  action text not null,
  party_corp_id text not null references corps(id),
  recipient text,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz,
  used_by_name text
);
create index public_links_record on public_links (model, record_id);

-- Messages that carried a link to its recipient (SMS emulation: nothing leaves the machine). A test-only
-- endpoint reads them when the server runs with SCF_TEST_OUTBOX=true.
create table public_link_outbox (
  id bigserial primary key,
  channel text not null,
  recipient text not null,
  corp_id text,
  text text not null,
  url text not null,
  created_at timestamptz not null default now()
);
