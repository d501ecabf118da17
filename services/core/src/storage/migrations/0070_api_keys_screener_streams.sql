-- The screener stream channels are restricted: enabled per key by an operator (admin CLI).
alter table api_keys add column screener_streams boolean not null default false;
