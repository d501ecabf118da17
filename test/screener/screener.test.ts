import {
  type ChainId,
  createContext,
  createMemoryBus,
  createRedisCache,
  createUniverseStore,
  marketEventTopicOf,
  marketKey,
  type TradeEvent,
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
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../services/api/src/createApp.ts";
import { createScreenerEndpoints } from "../../services/api/src/endpoints/screener/createScreenerEndpoints.ts";
import { createUniverseReader } from "../../services/api/src/endpoints/screener/createUniverseReader.ts";
import { openGate } from "../../services/api/src/gate.ts";
import { createUniverseRefresher } from "../../services/jobs/src/screener/createUniverseRefresher.ts";
import { listen } from "../api/listen.ts";

const NOW = Date.now();
const SPOT = 2_000;
const USDC = "0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48";
const CHAINS: ChainId[] = ["evm:1", "evm:10"];
const hex = (n: number, width = 40): string => `0x${n.toString(16).padStart(width, "0")}`;

function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Kind = "normal" | "stable" | "drained" | "wash";
type Seeded = { chain: ChainId; pool: string; kind: Kind; volumeNative: number; txns: number };

/** Writes markets with their tokens and a day of trades, the way the ingest leaves them. */
async function seedMarkets(db: TestDatabase): Promise<Seeded[]> {
  const r = rng(15);
  const out: Seeded[] = [];
  const tokens: unknown[][] = [];
  const pools: unknown[][] = [];
  const trades: unknown[][] = [];
  let n = 0;
  for (const chain of CHAINS) {
    await db.pool.query(
      "insert into native_prices (chain_id, minute, price_usd, source) values ($1, $2, $3, 'test')",
      [chain, NOW - (NOW % 60_000), SPOT],
    );
    const count = chain === "evm:1" ? 330 : 90;
    for (let i = 0; i < count; i++) {
      n += 1;
      const kind: Kind =
        i % 11 === 3 ? "stable" : i % 11 === 5 ? "drained" : i % 11 === 7 ? "wash" : "normal";
      const pool = hex(n);
      const token = kind === "stable" ? USDC : hex(100_000 + n);
      const names = ["alpha", "beta", "gamma", "delta", "pepe", "doge"];
      const name = `${names[n % names.length]} ${n}`;
      tokens.push([chain, token, name, name.slice(0, 4).toUpperCase() + n, 18, (10n ** 27n).toString()]);
      const priceNative = (0.0001 + r() * 0.01).toFixed(8);
      const traded = i % 17 !== 0 || kind !== "normal";
      pools.push([
        marketKey(chain, pool),
        chain,
        pool,
        i % 3 === 0 ? "UNISWAP_V3" : "UNISWAP_V2",
        token,
        hex(999_999),
        priceNative,
        kind === "drained" ? "0.01" : (5 + r() * 500).toFixed(4),
        NOW - Math.floor(r() * 30 * 86_400_000),
        traded ? NOW - 60_000 : null,
      ]);
      let volumeNative = 0;
      const txns = !traded ? 0 : kind === "wash" ? 40 : 1 + Math.floor(r() * 12);
      for (let k = 0; k < txns; k++) {
        const at = kind === "wash" ? NOW - 600_000 + k * 1_000 : NOW - Math.floor(r() * 23 * 3_600_000) - 1;
        const vol = Math.round(r() * 5_000) / 1_000;
        volumeNative += vol;
        trades.push([
          marketKey(chain, pool),
          chain,
          pool,
          `${hex(n * 1000 + k, 64)}:0`,
          hex(n * 1000 + k, 64),
          at,
          kind === "wash" ? `0xw${k % 2}` : `0xm${Math.floor(r() * 500)}`,
          r() < 0.5,
          token,
          hex(999_999),
          (Number(priceNative) * (0.9 + r() * 0.2)).toFixed(10),
          vol.toFixed(3),
          "0.0001",
        ]);
      }
      out.push({ chain, pool, kind, volumeNative, txns });
    }
  }
  const cols = (rows: unknown[][], i: number) => rows.map((row) => row[i]);
  await db.pool.query(
    `insert into tokens (chain_id, address, name, symbol, decimals, total_supply, updated_at)
     select c, a, nm, s, d, ts::numeric, 1 from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::int[], $6::text[])
       as x(c, a, nm, s, d, ts) on conflict do nothing`,
    [0, 1, 2, 3, 4, 5].map((i) => cols(tokens, i)),
  );
  await db.pool.query(
    `insert into pools (market, chain_id, address, venue_type, token0, token1, token_address, quote_address,
                        price_native, liquidity_native, created_at, last_trade_at, updated_at)
     select m, c, a, v, t, q, t, q, p::numeric, l::numeric, ca, lt, 1
     from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[],
                 $9::bigint[], $10::bigint[]) as x(m, c, a, v, t, q, p, l, ca, lt)`,
    [0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map((i) => cols(pools, i)),
  );
  await db.pool.query(
    `insert into trades (market, chain_id, pool_address, id, tx_hash, block, log_index, at, maker, is_buy,
                         token_address, quote_address, amount_token, amount_quote, price_native, volume_native, fees_native)
     select m, c, pa, id, tx, 1, 0, at, mk, b, t, q, 1, 1, p::numeric, v::numeric, f::numeric
     from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::bigint[], $7::text[], $8::bool[],
                 $9::text[], $10::text[], $11::text[], $12::text[], $13::text[])
       as x(m, c, pa, id, tx, at, mk, b, t, q, p, v, f)`,
    [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map((i) => cols(trades, i)),
  );
  return out;
}

/** The reference order of a sort value: unknown last in both orders, then chain, then pool. */
function referenceOrder(
  ms: UniverseMarket[],
  value: (m: UniverseMarket) => number | null,
  order: "asc" | "desc",
) {
  return [...ms]
    .map((m) => ({ m, v: value(m) }))
    .sort((a, b) => {
      if (a.v === null || b.v === null) {
        if (a.v !== b.v) return a.v === null ? 1 : -1;
      } else if (a.v !== b.v) return order === "asc" ? a.v - b.v : b.v - a.v;
      return a.m.chain.localeCompare(b.m.chain) || a.m.pool.address.localeCompare(b.m.pool.address);
    })
    .map((x) => `${x.m.chain}/${x.m.pool.address}`);
}

describe("screener over refreshed universes", () => {
  let db: TestDatabase;
  let seeded: Seeded[];
  let url: string;
  let closeServer: () => Promise<void>;
  const prefix = testRedisPrefix("screener");
  const cache = createRedisCache({ url: TEST_REDIS_URL, prefix });
  const store = createUniverseStore(cache);
  const bus = createMemoryBus();
  let refresher: ReturnType<typeof createUniverseRefresher>;
  const snapshots: Record<string, UniverseSnapshot> = {};

  beforeAll(async () => {
    db = await createTestDatabase();
    seeded = await seedMarkets(db);
    refresher = createUniverseRefresher({
      pool: db.pool,
      bus,
      store,
      chains: CHAINS.map((chain) => ({
        chain,
        excludedTokens: [USDC, "0x0000000000000000000000000000000000000000"],
      })),
      logger: pino({ level: "silent" }),
    });
    await refresher.start();
    for (const chain of CHAINS) snapshots[chain] = await refresher.refresh(chain);
    const ctx = createContext({ name: "screener-test", level: "silent" });
    const app = createApp({
      endpoints: [createScreenerEndpoints(createUniverseReader(store))],
      shards: {} as never,
      gate: openGate,
      ctx,
      readiness: async () => ({ serving: true, chains: [] }),
    });
    const server = await listen(app);
    url = server.url;
    closeServer = server.close;
  }, 120_000);

  afterAll(async () => {
    await closeServer?.();
    await refresher?.close();
    await bus.close();
    await cache.close();
    await deleteRedisKeys(prefix);
    await db?.drop();
  });

  const get = async (params: Record<string, string | number>) => {
    const res = await fetch(
      `${url}/v1/screener?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)] as [string, string]))}`,
    );
    return {
      status: res.status,
      body: (await res.json()) as {
        data: Record<string, unknown>[];
        meta: Record<string, unknown>;
        error?: { code: string; details: Record<string, unknown> };
      },
    };
  };
  const walk = async (params: Record<string, string | number>) => {
    const keys: string[] = [];
    let cursor: string | null = null;
    for (let pages = 0; pages < 200; pages++) {
      const { status, body } = await get({ ...params, ...(cursor ? { cursor } : {}) });
      expect(status, JSON.stringify(body)).toBe(200);
      const limit = Number(params["limit"] ?? 30);
      if (body.meta["hasMore"]) expect(body.data.length).toBe(limit);
      for (const row of body.data)
        keys.push(`${row["chain"]}/${(row["pool"] as { address: string }).address}`);
      cursor = body.meta["nextCursor"] as string | null;
      if (!body.meta["hasMore"]) {
        expect(cursor).toBeNull();
        return keys;
      }
    }
    throw new Error("walk did not end");
  };
  const universe = (): UniverseMarket[] => CHAINS.flatMap((c) => snapshots[c]!.markets);

  it("selects the quality-filtered universe with figures equal to the stored trades", () => {
    const inUniverse = new Set(universe().map((m) => `${m.chain}/${m.pool.address}`));
    const eligible = seeded.filter((s) => s.kind === "normal" && s.txns > 0);
    // 330 and 90 markets: every eligible market fits under the top 500 + top 100
    expect(new Set(eligible.map((s) => `${s.chain}/${s.pool}`))).toEqual(inUniverse);
    for (const s of seeded.filter((x) => x.kind !== "normal"))
      expect(inUniverse.has(`${s.chain}/${s.pool}`)).toBe(false);
    expect(eligible.length).toBeGreaterThan(250);
    for (const s of eligible) {
      const m = universe().find((u) => u.chain === s.chain && u.pool.address === s.pool)!;
      expect(m.stats["24h"].txns).toBe(s.txns);
      expect(m.stats["24h"].volumeNative).toBeCloseTo(s.volumeNative, 6);
      expect(m.stats["24h"].volumeUsd!).toBeCloseTo(s.volumeNative * SPOT, 3);
    }
  });

  const num = (v: number | null | undefined): v is number => typeof v === "number";
  const cases: {
    name: string;
    params: Record<string, string | number>;
    keep: (m: UniverseMarket) => boolean;
    value: (m: UniverseMarket) => number | null;
    order: "asc" | "desc";
  }[] = [
    {
      name: "default trending, no filter",
      params: { limit: 30 },
      keep: () => true,
      value: (m) => m.trending,
      order: "desc",
    },
    {
      name: "nested AND/OR/NOT with text and numeric operators, sortBy volume over 1h",
      params: {
        sortBy: "volume",
        timeframe: "1h",
        limit: 7,
        filters: JSON.stringify({
          AND: [
            {
              OR: [
                { name: { startsWith: "PEPE" } },
                { "token.symbol": { contains: "alp" } },
                { priceChange24hPct: { gt: 0 } },
              ],
            },
            { NOT: { "pool.type": { equals: "UNISWAP_V3" } } },
          ],
        }),
      },
      keep: (m) =>
        (m.name!.toLowerCase().startsWith("pepe") ||
          m.symbol!.toLowerCase().includes("alp") ||
          (num(m.stats["24h"].priceChangePct) && m.stats["24h"].priceChangePct > 0)) &&
        m.pool.type !== "UNISWAP_V3",
      value: (m) => m.stats["1h"].volumeUsd,
      order: "desc",
    },
    {
      name: "flat filters with a tree, sortBy liquidityUsd ascending",
      params: {
        sortBy: "liquidityUsd",
        sortOrder: "asc",
        limit: 11,
        liquidityMin: 50_000,
        txnsMin: 3,
        filters: JSON.stringify({ "windows.6h.buys": { gte: 1 }, chain: { in: ["evm:1", "evm:10"] } }),
      },
      keep: (m) => m.liquidityUsd! >= 50_000 && m.stats["24h"].txns >= 3 && m.stats["6h"].buys >= 1,
      value: (m) => m.liquidityUsd,
      order: "asc",
    },
    {
      name: "sortBy marketCap with NOT over an OR",
      params: {
        sortBy: "marketCap",
        limit: 13,
        filters: JSON.stringify({
          NOT: { OR: [{ symbol: { endsWith: "1" } }, { volumeUsd: { lt: 2_000 } }] },
        }),
      },
      keep: (m) => !(m.symbol!.toLowerCase().endsWith("1") || m.stats["24h"].volumeUsd! < 2_000),
      value: (m) => m.marketCapUsd,
      order: "desc",
    },
    {
      name: "sortBy a window field, ascending",
      params: { sortBy: "windows.1h.txns", sortOrder: "asc", limit: 25, timeframe: "6h", volumeMin: 1 },
      keep: (m) => m.stats["6h"].volumeUsd! >= 1,
      value: (m) => m.stats["1h"].txns,
      order: "asc",
    },
    {
      name: "sortBy priceChangePct (unknowns last) with top",
      params: { sortBy: "priceChangePct", limit: 40 },
      keep: () => true,
      value: (m) => m.stats["24h"].priceChangePct,
      order: "desc",
    },
    {
      name: "sortBy ageSeconds ascending under an age bound",
      params: { sortBy: "ageSeconds", sortOrder: "asc", ageMax: 20 * 24 * 60, limit: 9 },
      keep: (m) => m.createdAt! >= NOW - 20 * 86_400_000 - 120_000,
      value: (m) => -m.createdAt!,
      order: "asc",
    },
  ];

  for (const c of cases) {
    it(`walks every page once, in the reference order: ${c.name}`, async () => {
      const expected = referenceOrder(universe().filter(c.keep), c.value, c.order);
      expect(expected.length).toBeGreaterThan(5);
      expect(await walk({ chains: CHAINS.join(","), ...c.params })).toEqual(expected);
    });
  }

  it("serves the rows' headline fields equal to stats.24h and only the requested windows", async () => {
    const { body } = await get({ chains: "evm:1", windows: "5m,24h", limit: 5, sortBy: "volume" });
    expect(body.meta["chains"]).toEqual([
      { chain: "evm:1", markets: snapshots["evm:1"]!.markets.length, asOf: snapshots["evm:1"]!.asOf },
    ]);
    for (const row of body.data) {
      const stats = row["stats"] as Record<string, Record<string, unknown>>;
      expect(Object.keys(stats).sort()).toEqual(["24h", "5m"]);
      expect([row["volume24hUsd"], row["txns"], row["buys"], row["sells"], row["priceChange24hPct"]]).toEqual(
        [
          stats["24h"]!["volumeUsd"],
          stats["24h"]!["txns"],
          stats["24h"]!["buys"],
          stats["24h"]!["sells"],
          stats["24h"]!["priceChangePct"],
        ],
      );
      expect((row["token"] as { address: string }).address).toBe(row["address"]);
    }
  });

  it("lists the newest markets of one chain with sortBy=createdAt, traded or not", async () => {
    const keys = await walk({ chains: "evm:10", sortBy: "createdAt", limit: 17 });
    const { rows } = await db.pool.query<{ address: string }>(
      "select address from pools where chain_id = 'evm:10' order by created_at desc, address limit 1000",
    );
    expect(keys).toEqual(rows.map((r) => `evm:10/${r.address}`));
    const { body } = await get({ chains: "evm:10", sortBy: "createdAt", limit: 100 });
    const untraded = body.data.filter(
      (row) => seeded.find((s) => s.pool === (row["pool"] as { address: string }).address)?.txns === 0,
    );
    expect(untraded.length).toBeGreaterThan(0);
    for (const row of untraded)
      expect([row["priceNative"], row["priceUsd"], row["marketCapUsd"]]).toEqual([null, null, null]);
    expect(body.data[0]).not.toHaveProperty("stats");
  });

  it("keeps a walk on its pinned figures across a refresh fed by the bus, and starts new walks on the new ones", async () => {
    const params = { chains: CHAINS.join(","), sortBy: "volume", limit: 20 };
    const first = await get(params);
    const before = referenceOrder(universe(), (m) => m.stats["24h"].volumeUsd, "desc");
    // a large trade on the last market of the ranking arrives on the bus, then the universe refreshes
    const lastKey = before.at(-1)!;
    const [chain, pool] = [
      lastKey.slice(0, lastKey.indexOf("/")) as ChainId,
      lastKey.slice(lastKey.indexOf("/") + 1),
    ];
    const event: TradeEvent = {
      type: "trade",
      chain,
      market: lastKey,
      pool,
      token: "0x",
      trade: {
        id: "0xbus:0",
        at: Date.now(),
        maker: "0xnew",
        isBuy: true,
        amountToken: 1,
        amountQuote: 1,
        quoteToken: { address: hex(999_999), symbol: null, name: null, decimals: 18 },
        priceNative: 0.01,
        priceUsd: 20,
        volumeNative: 10_000,
        volumeUsd: 20_000_000,
        feesNative: 0.001,
        isProTrader: null,
        isSniper: null,
        isWash: null,
        preconfirmed: false,
        txHash: "0xbus",
        block: 2,
        logIndex: 0,
        poolAddress: pool,
      },
    };
    await bus.publish(marketEventTopicOf(lastKey), lastKey, event);
    await new Promise((r) => setTimeout(r, 50));
    const old = { ...snapshots };
    for (const c of CHAINS) snapshots[c] = await refresher.refresh(c);
    const moved = universe().find((m) => `${m.chain}/${m.pool.address}` === lastKey)!;
    expect(moved.stats["24h"].txns).toBe(seeded.find((s) => s.pool === pool)!.txns + 1);

    const rest = await walk({ ...params, cursor: first.body.meta["nextCursor"] as string });
    const keysOf = (rows: Record<string, unknown>[]) =>
      rows.map((r) => `${r["chain"]}/${(r["pool"] as { address: string }).address}`);
    expect([...keysOf(first.body.data), ...rest]).toEqual(
      referenceOrder(
        CHAINS.flatMap((c) => old[c]!.markets),
        (m) => m.stats["24h"].volumeUsd,
        "desc",
      ),
    );
    await new Promise((r) => setTimeout(r, 1_100)); // the reader asks for the latest version once a second
    const fresh = await get(params);
    expect(keysOf(fresh.body.data)[0]).toBe(lastKey);
  });

  it("refuses another view's cursor, an expired one, and bad parameters with INVALID_PARAM details", async () => {
    const page = await get({ chains: "evm:1", limit: 5 });
    const cursor = page.body.meta["nextCursor"] as string;
    const other = await get({ chains: "evm:1", limit: 5, sortBy: "volume", cursor });
    expect(other.status).toBe(400);
    expect(other.body.error).toMatchObject({
      code: "INVALID_PARAM",
      details: { param: "cursor", reason: "other_view" },
    });

    // a cursor whose pinned computation is gone from the store (a fresh reader holds no copy)
    const shortStore = createUniverseStore(cache, 300);
    await shortStore.put("evm:1", Date.now(), { markets: snapshots["evm:1"]!.markets, newest: [] });
    const app = createApp({
      endpoints: [createScreenerEndpoints(createUniverseReader(shortStore))],
      shards: {} as never,
      gate: openGate,
      ctx: createContext({ name: "screener-expiry", level: "silent" }),
      readiness: async () => ({ serving: true, chains: [] }),
    });
    const server = await listen(app);
    try {
      const p1 = await fetch(`${server.url}/v1/screener?chains=evm:1&limit=5`).then(
        (r) => r.json() as Promise<{ meta: { nextCursor: string } }>,
      );
      await new Promise((r) => setTimeout(r, 700));
      // the reader keeps what it parsed: a second reader shows what the store says
      const late = createApp({
        endpoints: [createScreenerEndpoints(createUniverseReader(shortStore))],
        shards: {} as never,
        gate: openGate,
        ctx: createContext({ name: "screener-expiry-2", level: "silent" }),
        readiness: async () => ({ serving: true, chains: [] }),
      });
      const server2 = await listen(late);
      const p3 = await fetch(`${server2.url}/v1/screener?chains=evm:1&limit=5&cursor=${p1.meta.nextCursor}`);
      expect(p3.status).toBe(400);
      expect(((await p3.json()) as { error: unknown }).error).toMatchObject({
        details: { param: "cursor", reason: "expired" },
      });
      await server2.close();
    } finally {
      await server.close();
    }

    const bad: [Record<string, string | number>, Record<string, unknown>][] = [
      [
        { filters: JSON.stringify({ holders: { gt: 1 } }) },
        { param: "filters", field: "holders", reason: "unknown_field" },
      ],
      [{ filters: "{oops" }, { param: "filters", reason: "malformed_json" }],
      [{ sortBy: "volume", window: "1h", timeframe: "1h" }, { param: "window" }],
      [{ sortBy: "trending", window: "1h" }, { param: "window" }],
      [{ sortBy: "symbol" }, { param: "sortBy" }],
      [{ sortBy: "createdAt", chains: "evm:1,evm:10" }, { param: "chains" }],
      [{ sortBy: "createdAt", liquidityMin: 5 }, { param: "liquidityMin" }],
      [{ limit: 101 }, { param: "limit" }],
      [{ chains: "evm:1,evm:2,evm:3,evm:4,evm:5,evm:6,evm:7,evm:8,evm:9" }, { param: "chains" }],
      [{ ageMin: -1 }, { param: "ageMin" }],
      [{ colour: "red" }, { param: "colour" }],
    ];
    for (const [params, details] of bad) {
      const res = await get({ chains: "evm:1", ...params });
      expect(res.status, JSON.stringify(params)).toBe(400);
      expect(res.body.error?.code).toBe("INVALID_PARAM");
      expect(res.body.error?.details).toMatchObject(details);
    }
    // the old name works on sortBy=volume
    expect((await get({ chains: "evm:1", sortBy: "volume", window: "1h" })).status).toBe(200);
  });
});
