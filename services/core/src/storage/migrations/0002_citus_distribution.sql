-- Distribute market tables by `market` and make registries reference tables, only where the
-- citus extension is installed; on plain PostgreSQL this migration does nothing. Token facts
-- (name, symbol, decimals, supply) are read with every market row, so `tokens` is reference
-- data, joined locally on each worker; so are the native/USD minutes read with trades of any
-- market. Tables keyed by token alone are distributed by token address.
do $$
begin
  if exists (select 1 from pg_extension where extname = 'citus') then
    perform create_reference_table('chains');
    perform create_reference_table('venues');
    perform create_reference_table('stablecoins');
    perform create_distributed_table('pools', 'market');
    perform create_distributed_table('trades', 'market', colocate_with => 'pools');
    perform create_distributed_table('candle_buckets', 'market', colocate_with => 'pools');
    perform create_reference_table('native_prices');
    perform create_reference_table('tokens');
  end if;
end
$$;
