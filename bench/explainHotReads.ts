/**
 * The statements behind each hot market read, with their plans: a synthetic market loaded through
 * the ingest writer (loadBenchTrades), the market queries run with every cache off, each
 * statement they send recorded and run again under `EXPLAIN (ANALYZE, BUFFERS)` once warm.
 * Then the same reads run 20 times more over one connection as the market provider sends them
 * (prepared, see preparedStatements.ts), and the plans PostgreSQL kept for each statement are
 * counted (generic: planned once and reused; custom: planned on each call), and each read is
 * timed over BENCH_RUNS (default 200) sequential calls on that one connection, unprepared and
 * prepared: the CPU time of this process and of the connection's PostgreSQL backend per read.
 * Prints markdown (what services/query/src/market/README.md quotes).
 * Env: BENCH_TRADES (default 200000), BENCH_POOLS (default 100).
 */
import { readFileSync } from "node:fs";
import { createPgPool } from "@tapeline/core";
import { createTestDatabase } from "@tapeline/core/testing";
import { createMarketQueries } from "../services/query/src/market/createMarketQueries.ts";
import type { MarketDb } from "../services/query/src/market/MarketDb.ts";
import { preparedStatements } from "../services/query/src/market/preparedStatements.ts";
import {
  BENCH_CHAIN,
  benchPoolOf,
  benchTokenOf,
  loadBenchTrades,
} from "../services/query/src/market/testing/loadBenchTrades.ts";

const TRADES = Number(process.env.BENCH_TRADES ?? 200_000);
const POOLS = Number(process.env.BENCH_POOLS ?? 100);
const RUNS = Number(process.env.BENCH_RUNS ?? 200);

const db = await createTestDatabase();
try {
  const nowMs = Date.now();
  const loadMs = await loadBenchTrades(db.pool, {
    trades: TRADES,
    pools: POOLS,
    spanMs: 30 * 86_400_000,
    nowMs,
    batch: 5_000,
    writers: 2,
  });
  let recorded: { text: string; values: unknown[] }[] = [];
  const recording: MarketDb = {
    query: ((text: string, values: unknown[]) => {
      recorded.push({ text, values });
      return db.pool.query(text, values);
    }) as MarketDb["query"],
  };
  const uncached = { tokenTtlMs: 0, candleTtlMs: 0, tradeTtlMs: 0, definitionTtlMs: 0 };
  const queries = createMarketQueries({ db: recording, ...uncached });
  const chain = BENCH_CHAIN;
  const reads: [string, (q: typeof queries) => Promise<unknown>][] = [
    ["token snapshot (GET /v1/token)", (q) => q.tokenSnapshot({ chain, address: benchTokenOf(7) })],
    ["pool definition", (q) => q.poolDefinition({ chain, address: benchPoolOf(7) })],
    [
      "500-trade page (GET /v1/pool/trades)",
      (q) => q.poolTrades({ chain, address: benchPoolOf(7), limit: 500 }),
    ],
    [
      "2,000-candle page, 1m (GET /v1/pool/ohlcv)",
      (q) =>
        q.poolOhlcv({
          chain,
          address: benchPoolOf(7),
          interval: "1m",
          limit: 2000,
          quote: "native",
          fill: false,
        }),
    ],
  ];
  console.log(
    `${TRADES.toLocaleString("en-US")} trades over ${POOLS} pools loaded in ${(loadMs / 1000).toFixed(1)} s\n`,
  );
  for (const [name, run] of reads) {
    await run(queries);
    recorded = [];
    const t = performance.now();
    await run(queries);
    const ms = performance.now() - t;
    const statements = recorded;
    console.log(`### ${name}: ${statements.length} statement(s), ${ms.toFixed(1)} ms for the read\n`);
    for (const s of statements) {
      const plan = await db.pool.query<{ "QUERY PLAN": string }>(
        `explain (analyze, buffers, costs off) ${s.text}`,
        s.values,
      );
      console.log("```sql");
      console.log(s.text.replace(/\n\s*\n/g, "\n").trim());
      console.log("```\n```text");
      console.log(plan.rows.map((r) => r["QUERY PLAN"]).join("\n"));
      console.log("```\n");
    }
  }

  const one = createPgPool({ url: db.url, max: 1 });
  try {
    const prepared = createMarketQueries({ db: preparedStatements(one), ...uncached });
    for (let i = 0; i < 20; i++) for (const [, run] of reads) await run(prepared);
    const { rows } = await one.query<{ statement: string; generic_plans: string; custom_plans: string }>(
      "select statement, generic_plans, custom_plans from pg_prepared_statements order by statement",
    );
    console.log("### plans kept for the prepared statements after 21 runs of each read\n");
    console.log("| statement | generic plans | custom plans |\n| --- | --- | --- |");
    for (const r of rows) {
      const head = r.statement.replace(/\s+/g, " ").trim().slice(0, 90).replace(/\|/g, "\\|");
      console.log(`| \`${head}…\` | ${r.generic_plans} | ${r.custom_plans} |`);
    }
    const backend = (await one.query<{ pid: number }>("select pg_backend_pid() as pid")).rows[0]
      ?.pid as number;
    const plain = createMarketQueries({ db: one, ...uncached });
    console.log(
      `\n### CPU per read over ${RUNS} sequential reads on one connection\n\n| read | unprepared: this process / PostgreSQL | prepared: this process / PostgreSQL |\n| --- | --- | --- |`,
    );
    for (const [name, run] of reads) {
      const cost = async (q: typeof queries) => {
        await run(q);
        const node0 = process.cpuUsage();
        const pg0 = cpuMsOf(backend);
        for (let i = 0; i < RUNS; i++) await run(q);
        const node = process.cpuUsage(node0);
        const ms = (v: number) => (v / RUNS).toFixed(2);
        return `${ms((node.user + node.system) / 1000)} / ${ms(cpuMsOf(backend) - pg0)} ms`;
      };
      console.log(`| ${name} | ${await cost(plain)} | ${await cost(prepared)} |`);
    }
  } finally {
    await one.end();
  }
} finally {
  await db.drop();
}

/** CPU time (user + system, ms) a process used so far, from /proc (clock ticks of 10 ms). */
function cpuMsOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  // utime and stime are fields 14 and 15 of stat, 12 and 13 after the command name
  return (Number(fields[11]) + Number(fields[12])) * 10;
}
