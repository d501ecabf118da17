/**
 * Token holders read: a token with 1,000,000 holders (random raw balances, ties included) in
 * `token_holders`, its market written through the ingest writer, then the holders query as a
 * query shard runs it (createHolderQueries: stats, token, markets, the page, the page's tags):
 * the first page (limit 50 and 100) and pages deep in a cursor walk, one request at a time.
 * Prints p50/p90/p99 in ms. Target: first page p99 < 20 ms.
 * Env: BENCH_HOLDERS (default 1000000), BENCH_READS (default 300).
 */

import { createTestDatabase } from "@tapeline/core/testing";
import { writeBatch } from "../services/ingest/src/writer/writeBatch.ts";
import { createHolderQueries } from "../services/query/src/holders/createHolderQueries.ts";

const HOLDERS = Number(process.env.BENCH_HOLDERS ?? 1_000_000);
const READS = Number(process.env.BENCH_READS ?? 300);
const CHAIN = "evm:8453" as const;
const TOKEN = "0x00000000000000000000000000000000000000aa";
const WETH = "0x4200000000000000000000000000000000000006";

const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;
const fmt = (xs: number[]) =>
  `p50 ${pct(xs, 0.5).toFixed(2)} ms, p90 ${pct(xs, 0.9).toFixed(2)} ms, p99 ${pct(xs, 0.99).toFixed(2)} ms`;

const db = await createTestDatabase();
try {
  await writeBatch(db.pool, {
    chain: CHAIN,
    blocks: [],
    trades: [],
    pools: [
      {
        chain: CHAIN,
        address: "0x0000000000000000000000000000000000000001",
        venueType: "UNISWAP_V2",
        factory: "0x00000000000000000000000000000000000000ff",
        token0: TOKEN,
        token1: WETH,
        tokenAddress: TOKEN,
        quoteAddress: WETH,
        createdAt: 1,
      },
    ],
    tokens: [{ chain: CHAIN, address: TOKEN, name: "T", symbol: "T", decimals: 18, totalSupply: 10n ** 30n }],
    balances: { tracked: [{ token: TOKEN, block: 1n }], changes: [] },
  });
  const t0 = performance.now();
  await db.pool.query(
    `insert into token_holders (token_key, chain_id, token_address, holder, balance, updated_block)
     select $1, $2, $3, '0x' || lpad(to_hex(g), 40, '0'), (floor(random() * 1e6)::bigint + 1) * 1000000000000, 1
     from generate_series(1, $4) g`,
    [`${CHAIN}/${TOKEN}`, CHAIN, TOKEN, HOLDERS],
  );
  await db.pool.query("update token_holder_stats set holder_count = $1", [HOLDERS]);
  await db.pool.query("analyze token_holders");
  console.log(
    `loaded ${HOLDERS.toLocaleString("en-US")} holders in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );

  const q = createHolderQueries({ db: db.pool });
  const time = async (limit: number, cursor: string | null) => {
    const s = performance.now();
    const page = await q.tokenHolders({ chain: CHAIN, address: TOKEN, limit, cursor });
    return { ms: performance.now() - s, page };
  };
  for (let i = 0; i < 20; i++) await time(50, null); // warm
  for (const limit of [50, 100]) {
    const xs: number[] = [];
    for (let i = 0; i < READS; i++) xs.push((await time(limit, null)).ms);
    console.log(`first page, limit ${limit}: ${fmt(xs)} (${READS} reads)`);
  }
  // a cursor walk: the cost of a page does not grow with its depth
  const deep: number[] = [];
  let cursor: string | null = null;
  for (let i = 0; i < READS; i++) {
    const { ms, page } = await time(100, cursor);
    deep.push(ms);
    cursor = page.nextCursor;
  }
  console.log(`pages 1-${READS} of a cursor walk, limit 100: ${fmt(deep)}`);
  const la = (await import("node:os")).loadavg()[0]!.toFixed(1);
  console.log(`load average ${la} while it ran`);
} finally {
  await db.drop();
}
