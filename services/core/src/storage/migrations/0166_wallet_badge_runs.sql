-- When the badge job last judged a chain's wallets (the run's `now`), written in the run's
-- transaction. Badges change only at a run, so a reader keeps the wallets' badges in memory until
-- the chain's run changes, instead of reading every page's makers from every wallet shard. One
-- row per chain: a reference table.
create table wallet_badge_runs (
  chain_id    text primary key,
  computed_at bigint not null
);

select tapeline_reference_table('wallet_badge_runs');
