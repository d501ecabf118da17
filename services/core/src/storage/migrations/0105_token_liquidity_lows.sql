-- Liquidity history of each market in its token's first week, for the deployer track record
-- (`GET /v1/token/dev-tokens`): a token is rugged when its best pool's liquidity fell below
-- 100 USD within a day of its deploy, abandoned below 500 USD within a week. The ingest writer
-- keeps, per market, the running minimum of the USD liquidity it stored during that week: a
-- row each time a batch leaves the market below every earlier row (the first row when it first
-- holds liquidity). The lowest row up to a time is then the lowest liquidity seen up to it.
-- Written in the batch's transaction; a rollback drops the rows of blocks after its ancestor
-- (what remains is the running minimum of the blocks that remain).
--
-- Keyed by token (`<chain>/<token>`) and co-located with `token_markets`: the dev-tokens read
-- starts from the deployer's tokens (`tokens`, a reference table, through the index below) and
-- reads their markets and lows by token key, so Citus joins them on their shard with no
-- repartition. A deployer key would put a deployer's rows on one shard, but the deployer is
-- learnt after a market's first rows (EVM creation lookups, a launchpad's creator) and may be
-- corrected, while a market's token never changes, so the token key is the stable one.
create table if not exists token_liquidity_lows (
  token_key     text not null, -- <chain>/<token address>
  market        text not null, -- <chain>/<pool address>
  chain_id      text not null,
  block         bigint not null, -- the market's latest state block of the batch (Solana: slot)
  at            bigint not null, -- that block's time, ms
  deploy_at     bigint not null, -- the token's deploy time the row was judged against, ms
  liquidity_native numeric not null,
  liquidity_usd numeric not null, -- liquidity_native × the chain's native/USD rate at `at`
  primary key (token_key, market, block)
);

create index if not exists token_liquidity_lows_chain_block on token_liquidity_lows (chain_id, block);

select tapeline_distribute_table('token_liquidity_lows', 'token_key', 'token_markets');

-- A deployer's tokens, newest first (tokens is a reference table: every node holds the index).
create index if not exists tokens_deployer on tokens (chain_id, deployer, created_at desc)
  where deployer is not null;
