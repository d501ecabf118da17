import type pg from "pg";

/**
 * Makes the database drop wallet swap and wallet trade rows before they are stored (a `before
 * insert` trigger returning null), for an ingest bench to compare its throughput without them:
 * the writer's statements still run, storing, indexing and logging the rows does not.
 */
export async function dropWalletRows(pool: pg.Pool): Promise<void> {
  await pool.query(`create function bench_drop_row() returns trigger language plpgsql as $$ begin return null; end $$;
    create trigger bench_drop before insert on wallet_swaps for each row execute function bench_drop_row();
    create trigger bench_drop before insert on wallet_trades for each row execute function bench_drop_row();`);
}
