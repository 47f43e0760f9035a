-- Registration, password reset and real-name checks. Times are written by the server's clock.

-- SMS verification codes: only a hash of the code is kept; `attempts` counts checks (at most 5).
create table sms_codes (
  id bigserial primary key,
  mobile text not null,
  purpose text not null check (purpose in ('REGISTER', 'RESET_PASSWORD')),
  code_hash text not null,
  client text not null,
  target_user_id text references users(id),
  attempts int not null default 0,
  state text not null default 'ACTIVE' check (state in ('ACTIVE', 'USED', 'VOID')),
  created_at timestamptz not null,
  expires_at timestamptz not null
);
create index sms_codes_mobile on sms_codes (mobile, purpose, created_at);
create index sms_codes_client on sms_codes (client, created_at);

-- What the emulated SMS gateway delivered (server/registration/sms.ts); a real gateway writes nothing here.
create table sms_outbox (
  id bigserial primary key,
  mobile text not null,
  text text not null,
  created_at timestamptz not null
);
create index sms_outbox_mobile on sms_outbox (mobile, id);

-- How an enterprise registered itself: legal person, contact, accepted agreements (code → version).
create table corp_registrations (
  corp_id text primary key references corps(id),
  user_id text not null references users(id),
  legal_name text not null,
  legal_id_card text not null,
  contact_name text not null,
  contact_mobile text not null,
  agreements jsonb not null,
  created_at timestamptz not null
);

-- Face checks of an enterprise's legal person (real-name verification) through the face-check provider.
create table face_checks (
  id text primary key,
  corp_id text not null references corps(id),
  user_id text not null references users(id),
  legal_name text not null,
  legal_id_card text not null,
  state text not null default 'PENDING' check (state in ('PENDING', 'VERIFIED', 'FAILED')),
  reason text,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  finished_at timestamptz
);
create index face_checks_corp on face_checks (corp_id, created_at);
