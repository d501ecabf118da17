-- Each token's deployer-track-record verdict (`GET /v1/token/dev-tokens`: rugged, abandoned,
-- migrated, active), kept by the ingest writer in its batch transaction for the tokens whose
-- markets, best pool or row it wrote, and by a rollback for the tokens it restored
-- (services/ingest/src/writer/deployerVerdicts.ts): the verdict's inputs (the judged pool's
-- liquidity lows, graduation, the best pool) change only on those writes, so the stored verdict
-- is the one the rule gives at request time, and a deployer's counts per verdict are read from
-- the index below alone, without judging every token per request. A token with no market is active.
alter table tokens add column if not exists deployer_status text not null default 'active';

-- The deployer's tokens in the read's order (newest creation first, unknown last, then address),
-- with their verdicts, so both the page and the counts come from the index.
create index if not exists tokens_deployer_status on tokens (chain_id, deployer, created_at desc nulls last, address)
  include (deployer_status) where deployer is not null;

drop index if exists tokens_deployer_created;

-- The verdicts of the tokens already stored, by the rule of deployerVerdictSql.ts as of this
-- migration. Read first and written from the values read: Citus refuses a write to a reference
-- table that selects from a distributed one.
do $$
declare
  k_chain text[];
  k_address text[];
  k_status text[];
begin
  with listed as materialized (
    select chain_id, address, chain_id || '/' || address as token_key, best_pool from tokens
  ),
  facts as materialized (
    select m.token_key,
      bool_or(m.is_launchpad and m.migrated) as graduated,
      bool_or(m.address = m.best_pool and m.is_launchpad and m.migrated) as best_is_curve,
      min(m.liquidity_day_low_usd) filter (where m.address = m.best_pool) as best_day,
      min(m.liquidity_week_low_usd) filter (where m.address = m.best_pool) as best_week,
      max(m.pair_liq) as pair_liq,
      min(m.liquidity_day_low_usd) filter (where not m.is_launchpad and m.liquidity_native = m.pair_liq) as pair_day,
      min(m.liquidity_week_low_usd) filter (where not m.is_launchpad and m.liquidity_native = m.pair_liq) as pair_week
    from (
      select l.best_pool, m.token_key, m.address, m.is_launchpad, m.migrated, m.liquidity_native,
        m.liquidity_day_low_usd, m.liquidity_week_low_usd,
        max(m.liquidity_native) filter (where not m.is_launchpad and m.liquidity_native is not null)
          over (partition by m.token_key) as pair_liq
      from listed l join token_markets m on m.token_key = l.token_key
    ) m
    group by m.token_key
  ),
  judged as (
    select l.chain_id, l.address,
      case when f.best_is_curve and f.pair_liq is not null then f.pair_day else f.best_day end as day_low,
      case when f.best_is_curve and f.pair_liq is not null then f.pair_week else f.best_week end as week_low,
      coalesce(f.graduated, false) as graduated
    from listed l join facts f on f.token_key = l.token_key
  )
  select array_agg(chain_id), array_agg(address), array_agg(status)
  into k_chain, k_address, k_status
  from (
    select chain_id, address,
      case when day_low < 100 then 'rugged' when week_low < 500 then 'abandoned'
        when graduated then 'migrated' else 'active' end as status
    from judged
  ) v
  where status <> 'active';
  update tokens t set deployer_status = u.status
  from unnest(k_chain, k_address, k_status) as u(chain_id, address, status)
  where t.chain_id = u.chain_id and t.address = u.address;
end
$$;
