-- Enterprise master data (my/enterprise-info/info-update): besides its name and 统一社会信用代码 an
-- enterprise keeps its legal person, registered address and contact, changed only by an approved
-- corpInfoChange; profile_version counts the changes so a proposal made on older data cannot apply.
alter table corps add column legal_name text;
alter table corps add column legal_id_card text;
alter table corps add column registered_address text;
alter table corps add column contact_name text;
alter table corps add column contact_mobile text;
alter table corps add column profile_version integer not null default 1;

update corps c
   set legal_name = r.legal_name,
       legal_id_card = r.legal_id_card,
       contact_name = r.contact_name,
       contact_mobile = r.contact_mobile
  from corp_registrations r
 where r.corp_id = c.id;
