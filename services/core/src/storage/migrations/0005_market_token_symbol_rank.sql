-- A token snapshot ranks the token among the chain's tokens sharing its symbol (case-insensitive):
-- without this index that count scans every token of the chain.
create index tokens_symbol_rank on tokens (chain_id, lower(symbol));
