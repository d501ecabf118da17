/**
 * Deployer track record read: a deployer with 5,000 tokens (one in five a launchpad token whose
 * curve graduated into a DEX pool, the others one DEX pool each) written through the ingest
 * writer, three liquidity lows per best pool (and the verdicts the writer then stores), among
 * 100,000 tokens of other deployers; then the dev-tokens query as a query shard runs it
 * (createDevTokenQueries: resolution, the deployer's tokens and their stored verdicts, the page's
 * markets and lows, the native rate), one request at a time, by wallet and by token.
 * Prints p50/p90/p99 in ms and the CPU each request costs, in this process and in the
 * database's backends (from /proc, so the database must run on this machine). Target: p99 < 50 ms.
 * Env: BENCH_TOKENS (default 5000), BENCH_OTHERS (default 100000), BENCH_READS (default 300),
 * BENCH_VACUUM (default 1).
 */

import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import type { PoolRecord, TokenRecord } from "@tapeline/core";
import { createTestDatabase } from "@tapeline/core/testing";
import { refreshDeployerVerdicts } from "../services/ingest/src/writer/deployerVerdicts.ts";
import { writeBatch } from "../services/ingest/src/writer/writeBatch.ts";
import { createDevTokenQueries } from "../services/query/src/devTokens/createDevTokenQueries.ts";
import { preparedStatements } from "../services/query/src/market/preparedStatements.ts";

const TOKENS = Number(process.env.BENCH_TOKENS ?? 5000);
const OTHERS = Number(process.env.BENCH_OTHERS ?? 100_000);
const READS = Number(process.env.BENCH_READS ?? 300);
const CHAIN = "evm:8453" as const;
const WETH = "0x4200000000000000000000000000000000000006";
const DEV = `0x${"de".repeat(20)}`;
const DAY = 86_400_000;
const NOW = Date.now();
const hex40 = (prefix: string, i: number) => `0x${prefix}${i.toString(16).padStart(40 - prefix.length, "0")}`;

const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;
const fmt = (xs: number[]) =>
  `p50 ${pct(xs, 0.5).toFixed(2)} ms, p90 ${pct(xs, 0.9).toFixed(2)} ms, p99 ${pct(xs, 0.99).toFixed(2)} ms`;

const db = await createTestDatabase();
try {
  const t0 = performance.now();
  const tokens: TokenRecord[] = [];
  const pools: PoolRecord[] = [];
  for (let i = 0; i < TOKENS; i++) {
    const token = hex40("a", i);
    const createdAt = NOW - 400 * DAY + i * 60_000;
    tokens.push({
      chain: CHAIN,
      address: token,
      name: `T${i}`,
      symbol: `T${i}`,
      decimals: 18,
      totalSupply: 10n ** 27n,
      deployer: DEV,
      createdAt,
    });
    const base = {
      chain: CHAIN,
      factory: null,
      token0: token,
      token1: WETH,
      tokenAddress: token,
      quoteAddress: WETH,
      createdBlock: 1n,
      updatedBlock: 2n,
    };
    if (i % 5 === 0)
      pools.push({
        ...base,
        address: hex40("c", i),
        venueType: "TAPELINE_CURVE",
        isLaunchpad: true,
        launchpad: "tapeline",
        creator: DEV,
        migrated: true,
        liquidityNative: "0",
        createdAt,
      });
    pools.push({
      ...base,
      address: hex40("b", i),
      venueType: "UNISWAP_V2",
      liquidityNative: String((i % 97) / 10),
      createdAt: createdAt + 3_600_000,
    });
  }
  for (let i = 0; i < tokens.length; i += 1000)
    await writeBatch(db.pool, {
      chain: CHAIN,
      blocks: [],
      trades: [],
      tokens: tokens.slice(i, i + 1000),
      pools: pools.filter((p) => tokens.slice(i, i + 1000).some((t) => t.address === p.tokenAddress)),
    });
  await db.pool.query(
    `insert into tokens (chain_id, address, name, symbol, decimals, deployer, created_at, updated_at)
     select $1, '0x' || lpad(to_hex(g), 40, '0'), 'O', 'O', 18, '0x' || lpad(to_hex(g % 20000), 40, 'f'), $2::bigint - g * 1000, 0
     from generate_series(1, $3) g`,
    [CHAIN, NOW, OTHERS],
  );
  // three lows per best pool: at 1 h, 12 h and 3 days after deploy, the last between 1 and 2,000 USD
  await db.pool.query(
    `insert into token_liquidity_lows (token_key, market, chain_id, block, at, deploy_at, liquidity_native, liquidity_usd)
     select m.token_key, m.market, $1, 10 + k, t.created_at + (array[3600000, 43200000, 259200000])[k], t.created_at,
       (4 - k) * 0.1, (4 - k) * (1 + (m.created_at / 60000) % 667)
     from token_markets m join tokens t on m.token_key = t.chain_id || '/' || t.address and m.address = t.best_pool,
       generate_series(1, 3) k
     where t.deployer = $2`,
    [CHAIN, DEV],
  );
  // their summary on the market-list rows, as the writer keeps it
  await db.pool.query(
    `update token_markets m set
       liquidity_day_low_usd = (select min(l.liquidity_usd) filter (where l.at <= l.deploy_at + 86400000)
                                from token_liquidity_lows l where l.token_key = m.token_key and l.market = m.market),
       liquidity_week_low_usd = (select min(l.liquidity_usd) from token_liquidity_lows l
                                 where l.token_key = m.token_key and l.market = m.market)`,
  );
  // and their tokens' verdicts, as the writer keeps them after writing the lows
  const client = await db.pool.connect();
  try {
    await refreshDeployerVerdicts(
      client,
      tokens.map((t) => ({ chain: CHAIN, token: t.address })),
    );
  } finally {
    client.release();
  }
  await db.pool.query(
    "insert into native_prices (chain_id, minute, price_usd, source) values ($1, $2, 3000, 'bench')",
    [CHAIN, Math.floor(NOW / 60_000) * 60_000 - 60_000],
  );
  // as autovacuum leaves a table between bulk writes: the visibility map set, so the count of the
  // stored verdicts is an index-only scan (BENCH_VACUUM=0: analyze only, every page just written)
  await db.pool.query(process.env.BENCH_VACUUM === "0" ? "analyze" : "vacuum analyze");
  console.log(
    `loaded ${TOKENS.toLocaleString("en-US")} tokens of one deployer and ${OTHERS.toLocaleString("en-US")} others in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );

  // as the query shard's provider wires it: named prepared statements
  const q = createDevTokenQueries({ db: preparedStatements(db.pool) });
  // CPU of the database's backends (clock ticks, /proc/<pid>/stat utime + stime), so a cost moved
  // from this process into the statement shows as such
  const ticks = Number(execFileSync("getconf", ["CLK_TCK"]).toString());
  const backendCpuMs = async () => {
    const { rows } = await db.pool.query<{ pid: number }>(
      "select pid from pg_stat_activity where datname = current_database()",
    );
    let t = 0;
    for (const { pid } of rows) {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      t += Number(f[11]) + Number(f[12]);
    }
    return (t / ticks) * 1000;
  };
  const time = async (by: "wallet" | "address", limit: number) => {
    const s = performance.now();
    const page = await q.devTokens({
      chain: CHAIN,
      wallet: by === "wallet" ? DEV : null,
      address: by === "address" ? tokens[7]!.address : null,
      limit,
    });
    return { ms: performance.now() - s, page };
  };
  const first = await time("wallet", 50);
  console.log(`stats: ${JSON.stringify(first.page.stats)}`);
  for (let i = 0; i < 20; i++) await time("wallet", 50); // warm
  for (const [by, limit] of [
    ["wallet", 50],
    ["wallet", 100],
    ["address", 50],
  ] as const) {
    const xs: number[] = [];
    const cpu0 = process.cpuUsage();
    const db0 = await backendCpuMs();
    for (let i = 0; i < READS; i++) xs.push((await time(by, limit)).ms);
    const cpu = process.cpuUsage(cpu0);
    const dbMs = (await backendCpuMs()) - db0;
    const perRead = (ms: number) => (ms / READS).toFixed(2);
    console.log(
      `by ${by}, limit ${limit}: ${fmt(xs)} (${READS} reads); CPU per request: ${perRead((cpu.user + cpu.system) / 1000)} ms here, ${perRead(dbMs)} ms in the database`,
    );
  }
  const la = (await import("node:os")).loadavg()[0]!.toFixed(1);
  console.log(`load average ${la} while it ran`);
} finally {
  await db.drop();
}
