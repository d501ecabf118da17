/**
 * What keeping token facts as a Citus reference table costs the writer, against a table
 * distributed by token address, on a Citus cluster started here (a coordinator and two workers
 * on this machine): BENCH_ROUNDS (default 50) upserts of a batch of BENCH_TOKENS (default 200)
 * token rows, as the ingest writer sends them (one statement per batch, in its own transaction),
 * half of them new and half updated; then the same rows read back by key one at a time.
 * Prints each layout's per-batch and per-read latency percentiles.
 * Skipped, with a message, when the citus extension is not installed (README: Testing on Citus).
 */
import { createTestDatabase, findCitus, startCitusCluster } from "@tapeline/core/testing";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 50);
const TOKENS = Number(process.env.BENCH_TOKENS ?? 200);

const install = findCitus();
if (!install?.installed) {
  console.log("skipped: the citus extension is not installed for this PostgreSQL (README: Testing on Citus)");
  process.exit(0);
}

const cluster = await startCitusCluster(install);
process.env.TEST_DATABASE = "citus";
process.env.TEST_CITUS_URLS = cluster.urls.join(",");
const db = await createTestDatabase();
const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))]!.toFixed(2);
try {
  for (const layout of ["reference", "distributed"] as const) {
    const table = `bench_tokens_${layout}`;
    await db.pool.query(`create table ${table} (like tokens including all)`);
    await db.pool.query(
      layout === "reference"
        ? `select create_reference_table('${table}')`
        : `select create_distributed_table('${table}', 'address', colocate_with => 'none')`,
    );
    const writes: number[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      // half the batch new, half the previous round's rows updated
      const addresses = Array.from(
        { length: TOKENS },
        (_, i) => `0x${(r * (TOKENS / 2) + i).toString(16).padStart(40, "0")}`,
      );
      const t0 = performance.now();
      await db.pool.query(
        `insert into ${table} as t (chain_id, address, name, symbol, decimals, total_supply, metadata, updated_at)
         select 'evm:1', a, 'Token', 'TKN', 18, 1000000, '{}'::jsonb, $2 from unnest($1::text[]) as a
         on conflict (chain_id, address) do update set name = excluded.name, updated_at = excluded.updated_at`,
        [addresses, Date.now()],
      );
      writes.push(performance.now() - t0);
    }
    const reads: number[] = [];
    for (let i = 0; i < ROUNDS * 4; i++) {
      const t0 = performance.now();
      await db.pool.query(`select * from ${table} where chain_id = $1 and address = $2`, [
        "evm:1",
        `0x${i.toString(16).padStart(40, "0")}`,
      ]);
      reads.push(performance.now() - t0);
    }
    console.log(
      `token facts as a ${layout} table: upsert of ${TOKENS} rows p50 ${pct(writes, 0.5)} ms, p90 ${pct(writes, 0.9)} ms; read of one row p50 ${pct(reads, 0.5)} ms, p90 ${pct(reads, 0.9)} ms`,
    );
  }
} finally {
  await db.drop();
  await cluster.stop();
}
