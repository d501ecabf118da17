import type pg from "pg";

/**
 * On Citus, makes the current transaction reach each worker over one connection
 * (`citus.multi_shard_modify_mode = sequential`), so a write to a reference table may follow
 * multi-shard reads and writes in the same transaction (otherwise Citus refuses: "cannot perform
 * select on a distributed table and modify a reference table"). On plain PostgreSQL it does
 * nothing. Call it right after `begin`; it lasts until the transaction ends.
 */
export async function useSequentialShardAccess(client: pg.PoolClient): Promise<void> {
  await client.query(
    `select set_config('citus.multi_shard_modify_mode', 'sequential', true)
      where exists (select 1 from pg_extension where extname = 'citus')`,
  );
}
