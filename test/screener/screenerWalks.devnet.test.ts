import {
  type ChainId,
  createContext,
  createMemoryBus,
  createRedisCache,
  createUniverseStore,
  type UniverseMarket,
  type UniverseSnapshot,
} from "@tapeline/core";
import {
  createTestDatabase,
  deleteRedisKeys,
  TEST_REDIS_URL,
  type TestDatabase,
  testRedisPrefix,
} from "@tapeline/core/testing";
import pino from "pino";
import { decodeEventLog, type Hex, parseAbi, toEventSelector } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../services/api/src/createApp.ts";
import { createScreenerEndpoints } from "../../services/api/src/endpoints/screener/createScreenerEndpoints.ts";
import { createUniverseReader } from "../../services/api/src/endpoints/screener/createUniverseReader.ts";
import { openGate } from "../../services/api/src/gate.ts";
import {
  createDevnetClient,
  type DevnetClient,
} from "../../services/ingest/src/devnet/createDevnetClient.ts";
import {
  createScreenerMarkets,
  type ScreenerMarkets,
} from "../../services/ingest/src/devnet/createScreenerMarkets.ts";
import type { DevnetDeployment } from "../../services/ingest/src/devnet/DevnetDeployment.ts";
import { deployUniswap } from "../../services/ingest/src/devnet/deployUniswap.ts";
import { devnetEvmConfig } from "../../services/ingest/src/devnet/devnetEvmConfig.ts";
import { type AnvilHandle, startAnvil } from "../../services/ingest/src/devnet/startAnvil.ts";
import {
  type EvmChainWorker,
  startEvmChainWorker,
} from "../../services/ingest/src/evm/createEvmChainWorker.ts";
import { createRpcClient } from "../../services/ingest/src/rpc/createRpcClient.ts";
import { createUniverseRefresher } from "../../services/jobs/src/screener/createUniverseRefresher.ts";
import { listen } from "../api/listen.ts";
import { waitForCheckpoint } from "../evm/waitForCheckpoint.ts";

/**
 * The screener at devnet scale: 240 Uniswap V2 markets (stable pairs, wash-traded, drained and
 * normally traded ones) launched and traded on anvil, ingested by the EVM worker, fed to the
 * universe refresher through the bus. The universe holds exactly the normally traded markets,
 * with 24 h counts equal to the pairs' Swap logs; walks of every page, for filter trees and every
 * kind of sortBy, return exactly what a reference evaluation written here selects from the same
 * snapshot, each once, in order; a walk straddling a refresh stays on its pinned figures; a
 * cursor whose pinned computation expired is refused.
 */

const MARKETS = 240;
const NATIVE = "0x0000000000000000000000000000000000000000";
const swapAbi = parseAbi([
  "event Swap(address indexed sender, uint256 amount0In, uint256 amount1In, uint256 amount0Out, uint256 amount1Out, address indexed to)",
]);

type Params = Record<string, string | number>;
type Page = {
  status: number;
  body: {
    data: Record<string, unknown>[];
    meta: Record<string, unknown>;
    error?: { code: string; details: Record<string, unknown> };
  };
};

let anvil: AnvilHandle;
let client: DevnetClient;
let deployment: DevnetDeployment;
let population: ScreenerMarkets;
let db: TestDatabase;
let worker: EvmChainWorker;
let chain: ChainId;
let url: string;
let closeServer: () => Promise<void>;
let snapshot: UniverseSnapshot;
const prefix = testRedisPrefix("screener-devnet");
const cache = createRedisCache({ url: TEST_REDIS_URL, prefix });
const store = createUniverseStore(cache);
const bus = createMemoryBus();
let refresher: ReturnType<typeof createUniverseRefresher>;

const keyOf = (m: { chain: string; pool: { address: string } }) => `${m.chain}/${m.pool.address}`;

async function get(params: Params, base = url): Promise<Page> {
  const q = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)] as [string, string]));
  const res = await fetch(`${base}/v1/screener?${q}`);
  return { status: res.status, body: (await res.json()) as Page["body"] };
}

/** Every page of a walk: each full while more remain, the last with no cursor. */
async function walk(params: Params, first?: Page): Promise<string[]> {
  const keys: string[] = [];
  let page = first ?? (await get(params));
  for (let n = 0; n < 100; n++) {
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    if (page.body.meta["hasMore"]) expect(page.body.data.length).toBe(Number(params["limit"]));
    keys.push(...page.body.data.map((r) => keyOf(r as { chain: string; pool: { address: string } })));
    const cursor = page.body.meta["nextCursor"] as string | null;
    if (!page.body.meta["hasMore"]) {
      expect(cursor).toBeNull();
      return keys;
    }
    page = await get({ ...params, cursor: cursor as string });
  }
  throw new Error("walk did not end");
}

/** The reference order: the value's order, unknown values last in both orders, then chain, then pool address. */
function referenceOrder(
  ms: UniverseMarket[],
  value: (m: UniverseMarket) => number | null,
  order: "asc" | "desc",
) {
  return ms
    .map((m) => ({ m, v: value(m) }))
    .sort((a, b) => {
      if (a.v === null || b.v === null) {
        if (a.v !== b.v) return a.v === null ? 1 : -1;
      } else if (a.v !== b.v) return order === "asc" ? a.v - b.v : b.v - a.v;
      return a.m.chain.localeCompare(b.m.chain) || a.m.pool.address.localeCompare(b.m.pool.address);
    })
    .map((x) => keyOf(x.m));
}

beforeAll(async () => {
  anvil = await startAnvil();
  client = createDevnetClient({ rpcUrl: anvil.rpcUrl, chainId: anvil.chainId });
  chain = `evm:${anvil.chainId}`;
  deployment = await deployUniswap(client);
  population = await createScreenerMarkets({ client, deployment, seed: 15, count: MARKETS });
  // 15 rounds: 30 trades between two wallets on each wash-traded market, the threshold of the filter
  await population.trade(15, 0.3);
  await population.drain();

  db = await createTestDatabase();
  const base = devnetEvmConfig(deployment, [{ url: anvil.rpcUrl }]);
  const cfg = { ...base, stablecoins: [deployment.usdc, ...population.stablecoins], maxBlockRange: 500 };
  worker = startEvmChainWorker({ cfg, rpc: createRpcClient({ endpoints: cfg.endpoints }), db: db.pool, bus });
  refresher = createUniverseRefresher({
    pool: db.pool,
    bus,
    store,
    chains: [{ chain, excludedTokens: [NATIVE, deployment.weth, ...cfg.stablecoins] }],
    logger: pino({ level: "silent" }),
  });
  await refresher.start();
  await waitForCheckpoint(worker, await client.getBlockNumber());
  snapshot = await refresher.refresh(chain);

  const app = createApp({
    endpoints: [createScreenerEndpoints(createUniverseReader(store, { pointerMs: 0 }))],
    shards: {} as never,
    gate: openGate,
    ctx: createContext({ name: "screener-devnet", level: "silent" }),
    readiness: async () => ({ serving: true, chains: [] }),
  });
  const server = await listen(app);
  url = server.url;
  closeServer = server.close;
}, 240_000);

afterAll(async () => {
  await closeServer?.();
  await worker?.stop();
  await refresher?.close();
  await bus.close();
  await cache.close();
  await deleteRedisKeys(prefix);
  await db?.drop();
  await anvil?.stop();
});

/** Each pair's trades from its Swap logs: count, buys and sells of the token (the pair paid it out: a buy). */
async function swapCounts(): Promise<Map<string, { txns: number; buys: number; sells: number }>> {
  const tokenOf = new Map<string, string>(population.markets.map((m) => [m.pair, m.token]));
  const token0 = new Map<string, string>();
  for (const m of population.markets)
    token0.set(
      m.pair,
      (
        (await client.readContract({
          address: m.pair,
          abi: parseAbi(["function token0() view returns (address)"]),
          functionName: "token0",
        })) as string
      ).toLowerCase(),
    );
  const out = new Map<string, { txns: number; buys: number; sells: number }>();
  const logs = await client.getLogs({
    address: population.markets.map((m) => m.pair),
    fromBlock: 0n,
    toBlock: "latest",
  });
  for (const log of logs) {
    if (log.topics[0] !== toEventSelector(swapAbi[0])) continue;
    const { args } = decodeEventLog({ abi: swapAbi, topics: log.topics as [Hex, ...Hex[]], data: log.data });
    const pair = log.address.toLowerCase();
    const tokenIs0 = token0.get(pair) === tokenOf.get(pair);
    const c = out.get(pair) ?? { txns: 0, buys: 0, sells: 0 };
    c.txns++;
    if ((tokenIs0 ? args.amount0Out : args.amount1Out) > 0n) c.buys++;
    else c.sells++;
    out.set(pair, c);
  }
  return out;
}

describe("screener over the devnet's launched markets", () => {
  it("the universe is the normally traded markets, with the trades their Swap logs show", async () => {
    const inUniverse = new Set(snapshot.markets.map((m) => m.pool.address));
    const counts = await swapCounts();
    const normal = population.markets.filter((m) => m.kind === "normal" && counts.has(m.pair));
    expect(normal.length).toBeGreaterThan(150);
    expect(inUniverse).toEqual(new Set(normal.map((m) => m.pair)));
    for (const kind of ["wash", "drained", "stable"] as const) {
      const left = population.markets.filter((m) => m.kind === kind);
      expect(left.length).toBe(MARKETS / 20);
      for (const m of left) {
        expect(counts.get(m.pair)?.txns ?? 0, `${kind} ${m.pair}`).toBeGreaterThan(0);
        expect(inUniverse.has(m.pair)).toBe(false);
      }
    }
    for (const m of snapshot.markets) {
      const c = counts.get(m.pool.address)!;
      expect([m.stats["24h"].txns, m.stats["24h"].buys, m.stats["24h"].sells], m.pool.address).toEqual([
        c.txns,
        c.buys,
        c.sells,
      ]);
    }
  });

  const num = (v: number | null | undefined): number | null =>
    typeof v === "number" && Number.isFinite(v) ? v : null;
  const lc = (s: string | null) => s?.toLowerCase() ?? null;
  /** Filter trees with their reference predicates (three-valued: an unknown value never passes, not even under NOT). */
  type Tf = "5m" | "1h" | "6h" | "24h";
  const trees: { name: string; params: Params; keep: (m: UniverseMarket, tf: Tf) => boolean }[] = [
    {
      name: "AND of an OR of text operators and a NOT of a numeric bound",
      params: {
        filters: JSON.stringify({
          AND: [
            {
              OR: [
                { name: { startsWith: "moon" } },
                { "token.symbol": { contains: "FRO" } },
                { name: { endsWith: "7" } },
              ],
            },
            { NOT: { txns: { lt: 3 } } },
          ],
        }),
      },
      keep: (m, tf) =>
        (lc(m.name)!.startsWith("moon") || lc(m.symbol)!.includes("fro") || lc(m.name)!.endsWith("7")) &&
        !(m.stats[tf].txns < 3),
    },
    {
      name: "OR of an AND over windows and liquidity with a NOT of an OR (in, equals)",
      params: {
        timeframe: "1h",
        filters: JSON.stringify({
          OR: [
            {
              AND: [
                { liquidityUsd: { gte: 30_000 } },
                { "windows.24h.buys": { gte: 4 } },
                { sells: { gte: 1 } },
              ],
            },
            {
              NOT: {
                OR: [{ "pool.quoteSymbol": { equals: "weth" } }, { symbol: { in: ["PEP12", "doG40"] } }],
              },
            },
          ],
        }),
      },
      keep: (m, tf) =>
        (m.liquidityUsd !== null &&
          m.liquidityUsd >= 30_000 &&
          m.stats["24h"].buys >= 4 &&
          m.stats[tf].sells >= 1) ||
        (m.pool.quoteSymbol !== null &&
          m.symbol !== null &&
          !(lc(m.pool.quoteSymbol) === "weth" || ["pep12", "dog40"].includes(lc(m.symbol)!))),
    },
    {
      name: "flat filters with a tree on price change (unknown change never passes NOT)",
      params: {
        liquidityMin: 10_000,
        volumeMin: 500,
        txnsMin: 2,
        filters: JSON.stringify({ NOT: { priceChange24hPct: { lte: 0 } } }),
      },
      keep: (m, tf) => {
        const ch = num(m.stats["24h"].priceChangePct);
        const volume = num(m.stats[tf].volumeUsd);
        return (
          m.liquidityUsd !== null &&
          m.liquidityUsd >= 10_000 &&
          volume !== null &&
          volume >= 500 &&
          m.stats[tf].txns >= 2 &&
          ch !== null &&
          !(ch <= 0)
        );
      },
    },
    { name: "no filter", params: {}, keep: () => true },
  ];
  /** Every kind of sortBy with the figure a reference ranks on. */
  const sorts: {
    sortBy: string;
    timeframe?: Tf;
    value: (m: UniverseMarket, now: number, tf: Tf) => number | null;
  }[] = [
    { sortBy: "trending", value: (m) => num(m.trending) },
    { sortBy: "volume", timeframe: "1h", value: (m) => num(m.stats["1h"].volumeUsd) },
    { sortBy: "top", value: (m, _, tf) => num(m.stats[tf].volumeUsd) },
    { sortBy: "marketCap", value: (m) => num(m.marketCapUsd) },
    { sortBy: "liquidityUsd", value: (m) => num(m.liquidityUsd) },
    { sortBy: "priceUsd", value: (m) => num(m.priceUsd) },
    { sortBy: "priceNative", value: (m) => (m.priceNative === null ? null : num(Number(m.priceNative))) },
    {
      sortBy: "ageSeconds",
      value: (m, now) => (m.createdAt === null ? null : Math.max(0, Math.floor((now - m.createdAt) / 1000))),
    },
    { sortBy: "createdAt", value: (m) => m.createdAt },
    { sortBy: "txns", timeframe: "6h", value: (m) => m.stats["6h"].txns },
    { sortBy: "buys", value: (m, _, tf) => m.stats[tf].buys },
    { sortBy: "sells", timeframe: "5m", value: (m) => m.stats["5m"].sells },
    { sortBy: "feesUsd", value: (m, _, tf) => num(m.stats[tf].feesUsd) },
    { sortBy: "priceChangePct", value: (m, _, tf) => num(m.stats[tf].priceChangePct) },
    { sortBy: "volume24hUsd", value: (m) => num(m.stats["24h"].volumeUsd) },
    { sortBy: "windows.1h.priceChangePct", value: (m) => num(m.stats["1h"].priceChangePct) },
    { sortBy: "stats.6h.volumeUsd", value: (m) => num(m.stats["6h"].volumeUsd) },
  ];

  it("walks every page of each filter tree under every sortBy, in both orders, in the reference order", async () => {
    let walks = 0;
    let listed = 0;
    for (const [t, tree] of trees.entries()) {
      for (const [s, sort] of sorts.entries()) {
        // createdAt lists the newest markets (no filters): it is walked separately below
        if (sort.sortBy === "createdAt") continue;
        if (tree.params["timeframe"] && sort.timeframe && tree.params["timeframe"] !== sort.timeframe)
          continue;
        const order = (t + s) % 2 === 0 ? "desc" : "asc";
        const limit = 7 + ((t * 5 + s * 3) % 31);
        const tf = (sort.timeframe ?? tree.params["timeframe"] ?? "24h") as Tf;
        const params: Params = {
          chains: chain,
          sortBy: sort.sortBy,
          sortOrder: order,
          limit,
          ...tree.params,
        };
        if (sort.timeframe) params["timeframe"] = sort.timeframe;
        const now = Date.now();
        const expected = referenceOrder(
          snapshot.markets.filter((m) => tree.keep(m, tf)),
          (m) => sort.value(m, now, tf),
          order,
        );
        // each tree keeps some markets and leaves some out
        if (tree.name !== "no filter") {
          expect(expected.length, tree.name).toBeGreaterThan(0);
          expect(expected.length, tree.name).toBeLessThan(snapshot.markets.length);
        }
        const got = await walk(params);
        expect(got, `${tree.name} / ${sort.sortBy} ${order}`).toEqual(expected);
        expect(new Set(got).size).toBe(got.length);
        walks++;
        listed += got.length;
      }
    }
    expect(walks).toBeGreaterThan(50);
    expect(listed).toBeGreaterThan(2_000);
  });

  it("sortBy=createdAt walks the chain's newest markets, traded or not, newest first", async () => {
    const keys = await walk({ chains: chain, sortBy: "createdAt", limit: 41 });
    const { rows } = await db.pool.query<{ address: string }>(
      "select address from pools where chain_id = $1 order by created_at desc, address limit 1000",
      [chain],
    );
    expect(keys).toEqual(rows.map((r) => `${chain}/${r.address}`));
    expect(keys.length).toBeGreaterThan(MARKETS);
  });

  it("a walk straddling a refresh stays on its pinned figures; a new walk reads the new ones", async () => {
    const params = { chains: chain, sortBy: "volume", limit: 25 };
    const first = await get(params);
    const pinned = snapshot;
    // more trades reach the refresher through the bus, then the universe is computed again
    await population.trade(1, 0.5);
    await waitForCheckpoint(worker, await client.getBlockNumber());
    await new Promise((r) => setTimeout(r, 100));
    snapshot = await refresher.refresh(chain);
    expect(snapshot.version).toBeGreaterThan(pinned.version);
    const before = referenceOrder(pinned.markets, (m) => num(m.stats["24h"].volumeUsd), "desc");
    const after = referenceOrder(snapshot.markets, (m) => num(m.stats["24h"].volumeUsd), "desc");
    expect(after).not.toEqual(before);
    expect(await walk(params, first)).toEqual(before);
    expect(await walk(params)).toEqual(after);
  });

  it("refuses a cursor older than its pin (expired) and another view's cursor", async () => {
    const mine = await get({ chains: chain, limit: 10 });
    const other = await get({
      chains: chain,
      limit: 10,
      sortBy: "liquidityUsd",
      cursor: mine.body.meta["nextCursor"] as string,
    });
    expect(other.status).toBe(400);
    expect(other.body.error).toMatchObject({
      code: "INVALID_PARAM",
      details: { param: "cursor", reason: "other_view" },
    });

    // the store of short-lived computations shares the chain's keys: it comes last
    const shortStore = createUniverseStore(cache, 300);
    await shortStore.put(chain, Date.now(), { markets: snapshot.markets, newest: [] });
    const serve = async () =>
      listen(
        createApp({
          endpoints: [createScreenerEndpoints(createUniverseReader(shortStore))],
          shards: {} as never,
          gate: openGate,
          ctx: createContext({ name: "screener-devnet-expiry", level: "silent" }),
          readiness: async () => ({ serving: true, chains: [] }),
        }),
      );
    const a = await serve();
    const page = await get({ chains: chain, limit: 10 }, a.url);
    expect(page.status).toBe(200);
    await new Promise((r) => setTimeout(r, 700));
    // a reader that never held the pinned computation asks the store, which no longer has it
    const b = await serve();
    const late = await get(
      { chains: chain, limit: 10, cursor: page.body.meta["nextCursor"] as string },
      b.url,
    );
    expect(late.status).toBe(400);
    expect(late.body.error).toMatchObject({
      code: "INVALID_PARAM",
      details: { param: "cursor", reason: "expired" },
    });
    await a.close();
    await b.close();
  });
});
