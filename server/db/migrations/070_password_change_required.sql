-- A user whose password was given to them (an administrator's new user gets a one-time initial password)
-- must change it before anything else (server/plugins/security.ts); their own change clears the flag.
alter table users add column password_change_required boolean not null default false;
