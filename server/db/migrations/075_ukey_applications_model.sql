-- UKEY applications are records of the model ukeyApplication (schemas/_models/ukeyApplication.json), whose
-- table the engine makes; the hand-written table of 020_ukey.sql is no longer written or read.
drop table if exists ukey_applications;
