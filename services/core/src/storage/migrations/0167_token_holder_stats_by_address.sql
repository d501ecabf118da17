-- The Solana worker reads a chain's tracked tokens at start in chunks along (chain, address):
-- millions of tokens have markets, never read as one result. Updates of a token's holder count
-- leave these columns alone, so they stay heap-only.
create index token_holder_stats_address on token_holder_stats (chain_id, token_address);
