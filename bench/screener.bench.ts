/**
 * Screener figures:
 *   refresh: CPU time of one universe computation (selectUniverse + selectNewest) of a chain with
 *     BENCH_MARKETS (default 100,000) traded markets, stats kept by the rolling structure;
 *   page (cold): parse a 3-level filter tree, filter and sort a 600-market universe on each of 3
 *     chains and cut a page, in process, a new tree every call (no list reuse);
 *   page (HTTP): GET /v1/screener over the same universes with 3-level trees, load from a separate
 *     process (runLoad: wrk or autocannon), 50 distinct trees rotating; with the API process's CPU
 *     per request, the figure a shared, loaded machine does not inflate.
 *   page (HTTP at a rate): the same load held at BENCH_RATE requests per second (default 1,000,
 *     the target's rate; autocannon), so the latency is not the queue of a saturated server.
 * Env: BENCH_MARKETS, BENCH_DURATION_S (default 10), BENCH_CONNECTIONS (default 16), BENCH_RATE.
 */
import {
  type ChainId,
  createContext,
  createMemoryCache,
  createRollingMarketStats,
  createUniverseStore,
  evaluateScreenerFilter,
  type MarketFacts,
  parseScreenerFilter,
  resolveScreenerSort,
  selectNewest,
  selectUniverse,
  sortScreenerMarkets,
  type UniverseMarket,
} from "@tapeline/core";
import { createApp } from "../services/api/src/createApp.ts";
import { createScreenerEndpoints } from "../services/api/src/endpoints/screener/createScreenerEndpoints.ts";
import { createUniverseReader } from "../services/api/src/endpoints/screener/createUniverseReader.ts";
import { openGate } from "../services/api/src/gate.ts";
import { listen } from "../test/api/listen.ts";
import { loadGenerators, runLoad } from "./runLoad.ts";

const MARKETS = Number(process.env.BENCH_MARKETS ?? 100_000);
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const RATE = Number(process.env.BENCH_RATE ?? 1_000);
const NOW = Date.now();
const hex = (n: number): string => `0x${n.toString(16).padStart(40, "0")}`;
let seed = 42;
const rand = (): number => {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
  return seed / 2_147_483_648;
};
const pct = (xs: number[], p: number): number => xs[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;

/** A chain of `n` traded markets: facts and about 4 trades each over the last day. */
function buildChain(chain: ChainId, n: number) {
  const stats = createRollingMarketStats();
  const facts = new Map<string, MarketFacts>();
  const names = ["alpha", "beta", "pepe", "doge", "cat", "moon"];
  for (let i = 0; i < n; i++) {
    const pool = hex(i + 1);
    const key = `${chain}/${pool}`;
    facts.set(key, {
      chain,
      poolAddress: pool,
      type: i % 3 === 0 ? "UNISWAP_V3" : "UNISWAP_V2",
      factory: null,
      tokenAddress: hex(1_000_000 + i),
      name: `${names[i % names.length]} ${i}`,
      symbol: `${names[i % names.length]!.slice(0, 3).toUpperCase()}${i}`,
      decimals: 18,
      totalSupply: "1000000000000000000000000000",
      quoteAddress: hex(9),
      quoteSymbol: "WETH",
      priceNative: (rand() / 100).toFixed(10),
      liquidityNative: 1 + rand() * 1_000,
      createdAt: NOW - Math.floor(rand() * 30 * 86_400_000),
      lastTradeAt: NOW - 60_000,
    });
    const trades = 1 + Math.floor(rand() * 7);
    for (let k = 0; k < trades; k++) {
      stats.add({
        market: key,
        at: NOW - Math.floor(rand() * 86_000_000),
        isBuy: rand() < 0.5,
        maker: `m${Math.floor(rand() * 50_000)}`,
        volumeNative: rand() * 10,
        volumeUsd: null,
        feesNative: 0.0001,
        feesUsd: null,
        priceNative: rand() / 100,
        isWash: null,
      });
    }
  }
  return { stats, facts };
}

function refresh(chain: ChainId, built: ReturnType<typeof buildChain>) {
  const { markets } = selectUniverse({
    chain,
    facts: built.facts,
    stats: built.stats,
    nowMs: NOW,
    usd: { basis: "spot", rate: 3_000 },
    nativeUsd: 3_000,
    excludedTokens: new Set(),
  });
  return { markets, newest: selectNewest(built.facts, 3_000) };
}

/** A 3-level tree: AND of an OR (text and numeric) and a NOT over an AND. */
const tree = (i: number) => ({
  AND: [
    {
      OR: [
        { name: { contains: ["pe", "al", "do", "mo"][i % 4] } },
        { "windows.1h.txns": { gte: 1 + (i % 3) } },
      ],
    },
    {
      NOT: { AND: [{ liquidityUsd: { lt: 10_000 + i * 1_000 } }, { "pool.type": { equals: "UNISWAP_V3" } }] },
    },
    { volumeUsd: { gt: i } },
  ],
});

async function main(): Promise<void> {
  // refresh CPU of a large chain
  const big = buildChain("evm:1", MARKETS);
  const cpuTimes: number[] = [];
  let universeSize = 0;
  for (let run = 0; run < 5; run++) {
    const c0 = process.cpuUsage();
    universeSize = refresh("evm:1", big).markets.length;
    const c = process.cpuUsage(c0);
    cpuTimes.push((c.user + c.system) / 1_000);
  }
  cpuTimes.sort((a, b) => a - b);
  console.log(
    `refresh of ${MARKETS} markets (universe ${universeSize}): CPU ms min ${cpuTimes[0]!.toFixed(0)} median ${pct(cpuTimes, 0.5).toFixed(0)} max ${cpuTimes.at(-1)!.toFixed(0)}`,
  );

  // three chains of 600 markets in the universe
  const chains: ChainId[] = ["evm:1", "evm:8453", "solana"];
  const cache = createMemoryCache();
  const store = createUniverseStore(cache);
  const universes: UniverseMarket[][] = [];
  for (const chain of chains) {
    const lists = refresh(chain, buildChain(chain, 5_000));
    universes.push(lists.markets);
    await store.put(chain, NOW, lists);
  }
  console.log(`universes: ${universes.map((u) => u.length).join(", ")} markets`);

  const all = universes.flat();
  const cold: number[] = [];
  const sort = resolveScreenerSort("trending", "24h")!;
  for (let i = 0; i < 3_000; i++) {
    const t0 = process.hrtime.bigint();
    const filter = parseScreenerFilter(JSON.stringify(tree(i)), "24h");
    const view = { timeframe: "24h" as const, nowMs: NOW };
    const kept = all.filter((m) => evaluateScreenerFilter(filter, m, view) === true);
    sortScreenerMarkets(kept, sort, "desc", view).slice(0, 30);
    cold.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  cold.sort((a, b) => a - b);
  console.log(
    `page (cold, in process, 1,800 markets, 3-level tree): p50 ${pct(cold, 0.5).toFixed(2)} ms p99 ${pct(cold, 0.99).toFixed(2)} ms`,
  );

  const app = createApp({
    endpoints: [createScreenerEndpoints(createUniverseReader(store))],
    shards: {} as never,
    gate: openGate,
    ctx: createContext({ name: "screener-bench", level: "silent" }),
    readiness: async () => ({ serving: true, chains: [] }),
  });
  const server = await listen(app);
  const paths = Array.from(
    { length: 50 },
    (_, i) =>
      `/v1/screener?chains=${chains.join(",")}&limit=30&filters=${encodeURIComponent(JSON.stringify(tree(i)))}`,
  );
  for (const tool of await loadGenerators()) {
    const c0 = process.cpuUsage();
    const r = await runLoad(tool, {
      url: server.url,
      paths,
      headers: {},
      connections: CONNECTIONS,
      durationS: DURATION_S,
    });
    const c = process.cpuUsage(c0);
    console.log(
      `page (HTTP, ${tool}, API process CPU): ${((c.user + c.system) / r.total / 1_000).toFixed(3)} ms per request over ${r.total} requests`,
    );
    console.log(
      `page (HTTP, ${tool}, ${CONNECTIONS} connections, ${DURATION_S} s): ${r.requestsPerS.toFixed(0)} req/s p50 ${r.p50} ms p90 ${r.p90} ms p99 ${r.p99} ms max ${r.max} ms non2xx ${r.non2xx} errors ${r.errors}`,
    );
  }
  const c0 = process.cpuUsage();
  const r = await runLoad("autocannon", {
    url: server.url,
    paths,
    headers: {},
    connections: CONNECTIONS,
    durationS: DURATION_S,
    ratePerS: RATE,
  });
  const c = process.cpuUsage(c0);
  console.log(
    `page (HTTP, autocannon at ${RATE} req/s, ${CONNECTIONS} connections, ${DURATION_S} s): ${r.requestsPerS.toFixed(0)} req/s p50 ${r.p50} ms p90 ${r.p90} ms p99 ${r.p99} ms max ${r.max} ms non2xx ${r.non2xx} errors ${r.errors}; API process CPU ${((c.user + c.system) / r.total / 1_000).toFixed(3)} ms per request`,
  );
  await server.close();
}

await main();
