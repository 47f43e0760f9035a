-- Enterprises (企业): core groups, suppliers, non-legal-entity units, finance institutions.
create table corps (
  id text primary key,
  name text not null,
  credit_code text not null unique,
  corp_type text not null check (corp_type in ('CORE', 'CHAIN', 'UNIT', 'FIN')),
  registry_status text not null default 'NORMAL' check (registry_status in ('NORMAL', 'CANCELLED')),
  created_at timestamptz not null default now()
);

create table corp_products (
  corp_id text not null references corps(id),
  product text not null,
  opened boolean not null default true,
  primary key (corp_id, product)
);

create table users (
  id text primary key,
  username text not null unique,
  password_hash text not null,
  person_name text not null,
  mobile text not null,
  corp_id text not null references corps(id),
  user_type text not null default 'CORP',
  enable_switch_version boolean not null default false,
  home_url text,
  failed_logins int not null default 0,
  locked_until timestamptz,
  created_at timestamptz not null default now()
);

create table user_roles (
  user_id text not null references users(id),
  role_code text not null,
  primary key (user_id, role_code)
);

-- Sessions live in the database so several server instances can share them. The cookie carries the
-- session id; only its SHA-256 is stored.
create table sessions (
  id_hash text primary key,
  user_id text references users(id),
  csrf_token text not null,
  active_role text,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null
);
create index sessions_expires on sessions (expires_at);

-- Nonces of signed state-changing requests seen recently (replay refusal across instances).
create table request_nonces (
  nonce text primary key,
  expires_at timestamptz not null
);
create index request_nonces_expires on request_nonces (expires_at);

-- Long-lived server secrets shared by every instance (e.g. the password-encryption RSA key pair).
create table server_keys (
  name text primary key,
  value text not null
);

-- Platform branding per host name.
create table platforms (
  host text primary key,
  config jsonb not null
);

create table holidays (
  region text not null,
  day date not null,
  primary key (region, day)
);

create table messages (
  id text primary key,
  user_id text not null references users(id),
  message_type text not null default 'SYSTEM',
  title text not null,
  content text not null,
  message_state text not null default 'UNREAD' check (message_state in ('UNREAD', 'READ')),
  created_at timestamptz not null default now()
);
create index messages_user on messages (user_id, message_state);

create table product_switch_records (
  id bigserial primary key,
  user_id text not null references users(id),
  product_type text not null,
  product_subtype text,
  created_at timestamptz not null default now()
);
