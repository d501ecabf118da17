-- Each market's liquidity lows summed up on its row in its token's market list, so the
-- dev-tokens read finds a token's verdict facts on the best pool's row it already reads, with no
-- aggregation over `token_liquidity_lows` per request: the lowest USD liquidity of the market's
-- rows within a day of deploy and within the kept week. Kept by the ingest writer beside the rows
-- (in the same transaction) and recomputed from the remaining rows by a rollback. Not a copy of
-- `pools`: the market list's copy leaves these two columns alone.
alter table token_markets add column if not exists liquidity_day_low_usd double precision;
alter table token_markets add column if not exists liquidity_week_low_usd double precision;

-- A deployer's tokens in the order the read lists them (newest creation first, unknown last,
-- then address), so a page stops after its rows instead of sorting the deployer's every token.
drop index if exists tokens_deployer;
create index if not exists tokens_deployer_created on tokens (chain_id, deployer, created_at desc nulls last, address)
  where deployer is not null;
