-- The launchpad lifecycle views (GET /v1/pulse) read launchpad markets newest first, active
-- curves by bonding progress and migrated curves by migration time; each partial index holds
-- only the launchpad markets, so the rest of the pools table pays nothing for them.
create index pools_launchpad_created on pools (created_at desc) where is_launchpad;
create index pools_launchpad_bonding on pools (bonding_progress desc) where is_launchpad and not migrated;
create index pools_launchpad_graduated on pools (graduated_at desc) where migrated;
