-- Distribute market tables by `market` and make registries reference tables, only where the
-- citus extension is installed; on plain PostgreSQL this migration does nothing. Tokens are keyed
-- by address in a co-location group of their own: no query joins them to market tables, whose
-- rows carry the token facts a market read needs. Native/USD minutes are read with trades of
-- any market, so they are reference data.
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
    perform create_distributed_table('tokens', 'address', colocate_with => 'none');
  end if;
end
$$;
