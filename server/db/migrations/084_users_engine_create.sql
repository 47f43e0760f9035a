-- The account centre's 新增用户 is the create of the model corpUser (schemas/_models/corpUser.json): the
-- engine writes the row with the model's fields, and the create's service sets its one-time password in the
-- same transaction. Until then the row holds a hash that never verifies (server/auth/passwords.ts reads only
-- `scrypt$…`), so no row written without a password can be logged in to.
alter table users alter column password_hash set default '!';

-- The engine writes its own creation entry in the audit (with the creating user); the trigger of 082 keeps
-- writing one for rows written by SQL (registration, seeds), which carry no creator. The engine adds its
-- creator column at start (server/models/modelTables.ts); the trigger needs it now.
alter table users add column if not exists created_by text;
drop trigger users_created_audit on users;
create trigger users_created_audit after insert on users
  for each row when (new.created_by is null) execute function users_created_audit();
