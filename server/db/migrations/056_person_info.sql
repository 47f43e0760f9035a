-- Person info (my/person-info/index): a logged-in user changes the phone with an SMS code sent
-- to the new phone.
alter table sms_codes drop constraint sms_codes_purpose_check;
alter table sms_codes add constraint sms_codes_purpose_check
  check (purpose in ('REGISTER', 'RESET_PASSWORD', 'CHANGE_MOBILE'));
