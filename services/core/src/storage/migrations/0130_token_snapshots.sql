-- A token's snapshot row, kept by the ingest writer in the transaction that stores its trades
-- (and rebuilt from the remaining trades by a rollback), so `GET /v1/token` reads one row
-- beside the token's market list instead of summing up its markets' trades of the last day.
-- `window_state` (see services/core/src/snapshot/tokenWindowState.ts): per market, the minute
-- buckets of its trades over the last day and a minute (volumes, buy and sell counts, first and
-- last priced trade), the last priced trade before them, and its served price all-time high. A
-- read computes any window of the last day from it; only a minute the window's edge cuts through
-- is read from `trades`. Keyed by token, co-located with `token_markets`, so the read of both is
-- one shard's.
create table token_snapshots (
  token_key    text primary key, -- <chain>/<token address>
  chain_id     text not null,
  address      text not null,
  window_state jsonb not null,
  updated_at   bigint not null
);

select tapeline_distribute_table('token_snapshots', 'token_key', 'token_markets');
