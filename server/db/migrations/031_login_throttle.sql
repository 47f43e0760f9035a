-- Login failures per (user name, client) and per client (user name ''): a lockout that a stranger
-- cannot use against someone else's account, the same bookkeeping for unknown user names as for known ones,
-- and a failure budget per client. Shared by every instance behind the database.
create table if not exists login_failures (
  username text not null,
  client text not null,
  failures integer not null default 0,
  lockouts integer not null default 0,
  locked_until timestamptz,
  window_start timestamptz not null,
  primary key (username, client)
);
create index if not exists login_failures_window on login_failures (window_start);
