-- Where a token was created: the block (Solana: slot) and the creating transaction, beside the
-- existing deployer and created_at. Written once by ingest (the first known creation wins);
-- trader labels read the deployer and creation block of a token from here.
alter table tokens add column if not exists created_block bigint;
alter table tokens add column if not exists created_tx text;
