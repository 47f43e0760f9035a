-- In-site mail names the screen it is about: the bell links each message there.
alter table messages add column link text;
