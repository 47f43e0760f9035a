-- UKEY signing (DESIGN.md section 9, docs/decisions/0008-ukey-what-is-signed.md, 0009-ukey-agent-protocol.md).

-- Certificates the test CA issued (hardware keys and browser soft keys). Revocation lives here.
create table ukey_certificates (
  serial text primary key,                    -- X.509 serial number, upper-case hex
  algorithm text not null check (algorithm in ('RSA', 'SM2')),
  issuer_dn text not null,
  subject_dn text not null,
  not_before timestamptz not null,
  not_after timestamptz not null,
  certificate text not null,                  -- DER, base64 (the sign record's pkCa)
  revoked_at timestamptz,
  revoke_reason text,
  created_at timestamptz not null default now()
);

-- Which key (介质编号 ukey_no + certificate) belongs to which enterprise and holder.
create table ukey_bindings (
  id bigserial primary key,
  ukey_no text not null,                      -- the key's serial number (3rd character: algorithm rule)
  cert_serial text not null references ukey_certificates(serial),
  corp_id text not null references corps(id),
  holder_user_id text references users(id),
  ukey_bank text not null,                    -- issuer code: CCB, ICBC, ... or SCF for soft keys
  ra_type text not null,
  print_number text not null,                 -- 印刷编号, prefix names the issuing bank
  kind text not null default 'HARDWARE' check (kind in ('HARDWARE', 'SOFT')),
  status text not null default 'ACTIVE' check (status in ('ACTIVE', 'UNBOUND')),
  bound_at timestamptz not null default now()
);
create unique index ukey_bindings_active_cert on ukey_bindings (cert_serial) where status = 'ACTIVE';
create unique index ukey_bindings_active_no on ukey_bindings (ukey_no) where status = 'ACTIVE';
create index ukey_bindings_corp on ukey_bindings (corp_id);

-- Original texts handed out for signing: bound to one session, used once, short-lived.
create table ukey_originals (
  id text primary key,                        -- SHA-256 of the text, hex
  session_hash text not null,
  user_id text not null references users(id),
  purpose text not null default 'SIGN' check (purpose in ('SIGN', 'SOFT_KEY')),
  scope text,
  original text not null,
  issued_at timestamptz not null,
  expires_at timestamptz not null,
  used_at timestamptz
);
create index ukey_originals_expires on ukey_originals (expires_at);

create sequence ukey_soft_key_seq start 1001;

-- Applications for a new UKEY (my/enterprise-info/ukey/apply).
create table ukey_applications (
  id bigserial primary key,
  corp_id text not null references corps(id),
  applicant_user_id text not null references users(id),
  holder_user_id text not null references users(id),
  ukey_bank text not null,
  algorithm text not null check (algorithm in ('RSA', 'SM2')),
  quantity int not null default 1 check (quantity between 1 and 5),
  contact_mobile text not null,
  reason text not null,
  status text not null default 'SUBMITTED' check (status in ('SUBMITTED', 'ACCEPTED', 'ISSUED', 'REJECTED')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index ukey_applications_corp on ukey_applications (corp_id, id);
