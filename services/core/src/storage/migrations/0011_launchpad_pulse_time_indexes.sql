-- The pulse views filter launchpad markets by time (created in the last 24 h; traded in the last
-- 24 h and not migrated, for bonding and for filled curves awaiting migration; migrated in the
-- last 7 days) and sort the few that pass. 0010 indexed the sort keys instead, in orders the
-- statements do not use (nulls placement, a coalesce over two columns), so these replace them.
drop index if exists pools_launchpad_created;
drop index if exists pools_launchpad_bonding;
drop index if exists pools_launchpad_graduated;
create index pools_launchpad_created_at on pools (created_at) where is_launchpad;
create index pools_launchpad_active on pools (last_trade_at) where is_launchpad and not migrated;
create index pools_launchpad_graduated_at on pools (graduated_at) where migrated;
