-- Where each chain's live ingest began (the first block it wrote on a fresh chain). History
-- backfills fill [startBlock, live start); the live worker never moves it once recorded.
create table ingest_live_starts (
  chain_id    text primary key,
  block       bigint not null,
  recorded_at bigint not null
);
