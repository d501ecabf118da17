-- How a migration lays a new table out on Citus, in one call that does nothing on plain
-- PostgreSQL (where the citus extension is not created):
--
--   select tapeline_distribute_table('wallet_trades', 'wallet');                 -- new group, keyed by wallet
--   select tapeline_distribute_table('wallet_pnl', 'wallet', 'wallet_trades');   -- co-located with it
--   select tapeline_reference_table('quote_tokens');                              -- small registry, copied to every node
--
-- The convention: market tables are keyed by `market` (`<chain>/<pool>`) and co-located with
-- `pools`; token tables by token address, co-located with `tokens`; wallet tables by wallet,
-- co-located with each other; small slow-changing registries are reference tables. A query
-- joins distributed tables only on their distribution column; what a read needs from another
-- key's table is carried on its own rows or comes from a reference table.

create or replace function tapeline_distribute_table(tbl regclass, key text, colocate_with text default 'none')
returns void language plpgsql as $$
begin
  if exists (select 1 from pg_extension where extname = 'citus') then
    perform create_distributed_table(tbl, key, colocate_with => colocate_with);
  end if;
end
$$;

create or replace function tapeline_reference_table(tbl regclass)
returns void language plpgsql as $$
begin
  if exists (select 1 from pg_extension where extname = 'citus') then
    perform create_reference_table(tbl);
  end if;
end
$$;
