import { get as httpGet, type IncomingHttpHeaders } from "node:http";
import { gunzipSync } from "node:zlib";
import { createTestDatabase, type TestDatabase } from "@tapeline/core/testing";
import { writeBatch } from "@tapeline/ingest";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  buildMarketFixture,
  FX_CHAIN,
  FX_CURVE,
  FX_POOL,
  FX_POOL2,
  FX_TOKEN,
  type MarketFixture,
} from "../../services/query/src/market/testing/buildMarketFixture.ts";
import { listen } from "../api/listen.ts";
import { startMarketApi } from "./startMarketApi.ts";

/**
 * The market endpoints over HTTP, one test per rule of the contract, on rows written by the
 * ingest writer. Expected values come from the recorded trades themselves.
 */
let db: TestDatabase;
let fx: MarketFixture;
let api: Awaited<ReturnType<typeof startMarketApi>>;

beforeAll(async () => {
  db = await createTestDatabase();
  fx = buildMarketFixture(300, 11);
  await writeBatch(db.pool, {
    chain: FX_CHAIN,
    blocks: [],
    trades: fx.trades,
    pools: fx.pools,
    tokens: fx.tokens,
    nativePrices: [{ minute: Math.floor(fx.lastAt / 60_000) * 60_000, priceUsd: "3000", source: "test" }],
  });
  api = await startMarketApi(db.pool);
});

afterAll(async () => {
  await api?.close();
  await db?.drop();
});

async function get(path: string, query: Record<string, string | number | boolean>) {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]));
  const res = await fetch(`${api.url}${path}?${qs}`);
  return { status: res.status, body: (await res.json()) as Json, headers: res.headers };
}
async function post(path: string, body: unknown) {
  const res = await fetch(`${api.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Json };
}
// Response bodies are inspected freely; their shapes are what the tests check.
// biome-ignore lint/suspicious/noExplicitAny: JSON bodies under test
type Json = any;
const ref = { chain: FX_CHAIN, address: FX_TOKEN };
const UNKNOWN = "0x00000000000000000000000000000000000000ee";
const lastS = () => Math.floor(fx.lastAt / 1000);

describe("conventions", () => {
  it("envelope: data and meta.asOf in ms", async () => {
    const r = await get("/v1/token", ref);
    expect(r.status).toBe(200);
    expect(r.body.meta.asOf).toBeGreaterThan(1e12);
    expect(r.body.data.address).toBe(FX_TOKEN);
  });

  it("unknown parameters are refused with 400 INVALID_PARAM and details.param", async () => {
    const r = await get("/v1/pool/ohlcv", { chain: FX_CHAIN, address: FX_POOL, bogus: 1 });
    expect(r.status).toBe(400);
    expect(r.body.error).toMatchObject({ code: "INVALID_PARAM", details: { param: "bogus" } });
  });

  it("EVM hex addresses are case-insensitive; 0xeeee…eeee is the native coin", async () => {
    const r = await get("/v1/token", {
      chain: FX_CHAIN,
      address: FX_TOKEN.toUpperCase().replace("0X", "0x"),
    });
    expect(r.body.data.address).toBe(FX_TOKEN);
    const n = await get("/v1/token/ohlcv", { chain: FX_CHAIN, address: `0x${"e".repeat(40)}` });
    expect(n.status).toBe(400);
    expect(n.body.error.details.param).toBe("address");
  });
});

describe("served bodies", () => {
  // fetch always asks for gzip, so these requests go through node:http with chosen headers.
  function raw(path: string, headers: Record<string, string>) {
    return new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      const req = httpGet(`${api.url}${path}`, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      });
      req.on("error", reject);
    });
  }
  const candles = `/v1/pool/ohlcv?chain=${FX_CHAIN}&address=${FX_POOL}&interval=1m&limit=2000`;

  it("a large body is gzip-encoded only for a client that accepts it, with one ETag for both", async () => {
    const plain = await raw(candles, {});
    const zipped = await raw(candles, { "accept-encoding": "gzip, deflate, br" });
    expect(plain.status).toBe(200);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(zipped.headers["content-encoding"]).toBe("gzip");
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(gunzipSync(zipped.body).equals(plain.body)).toBe(true);
    expect(zipped.headers.etag).toBe(plain.headers.etag);
    expect(JSON.parse(plain.body.toString()).data).toHaveLength(2000);
  });

  it("the ETag is the one Express makes for the same bytes, and If-None-Match answers 304", async () => {
    const plain = await raw(candles, {});
    const plainApp = express().get("/", (_req, res) => {
      res.send(plain.body);
    });
    const server = await listen(plainApp);
    try {
      const res = await fetch(server.url);
      expect(plain.headers.etag).toBe(res.headers.get("etag"));
    } finally {
      await server.close();
    }
    const again = await raw(candles, { "if-none-match": plain.headers.etag as string });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });
});

describe("tokens", () => {
  it("GET /v1/token: best pool, launchpad with graduatedAt, deployer through the launchpad pool", async () => {
    const { body } = await get("/v1/token", ref);
    expect(body.data.pool.address).toBe(FX_POOL);
    expect(body.data.launchpad).toMatchObject({
      poolAddress: FX_CURVE,
      graduated: true,
      graduatedAt: fx.graduatedAt,
    });
    expect(body.data.deployer).toBe(fx.pools.find((p) => p.address === FX_CURVE)!.creator);
    expect(body.data.marketCapUsd).toBeLessThanOrEqual(body.data.liquidityUsd * 10_000);
  });

  it("POST /v1/token: one slot per item in input order; a failing item fails alone", async () => {
    const r = await post("/v1/token", {
      items: [ref, { chain: FX_CHAIN, address: "nope" }, { chain: FX_CHAIN, address: UNKNOWN }, ref],
    });
    expect(r.status).toBe(200);
    expect(r.body.data).toHaveLength(4);
    expect(r.body.data[0].data.address).toBe(FX_TOKEN);
    expect(r.body.data[1].error.code).toBe("INVALID_PARAM");
    expect(r.body.data[2].error.code).toBe("NOT_FOUND");
    expect(r.body.data[3].data.address).toBe(FX_TOKEN);
  });

  it("GET/POST /v1/token/price: lean price with marketCapUsd and liquidityUsd", async () => {
    const single = await get("/v1/token/price", ref);
    expect(Number(single.body.data.priceNative)).toBe(
      Number(fx.pools.find((p) => p.address === FX_POOL)!.priceNative),
    );
    expect(single.body.data).toHaveProperty("marketCapUsd");
    expect(single.body.data).toHaveProperty("liquidityUsd");
    const batch = await post("/v1/token/price", { items: [ref] });
    expect(batch.body.data[0].data).toEqual(single.body.data);
  });

  it("GET /v1/token/pools: rank 1 is the pricing pool", async () => {
    const r = await get("/v1/token/pools", ref);
    expect(r.body.data[0]).toMatchObject({ rank: 1, address: FX_POOL });
  });

  it("GET/POST /v1/token/stats: default windows 5m,1h,6h,24h; pools restriction; batch up to 25", async () => {
    const r = await get("/v1/token/stats", ref);
    expect(Object.keys(r.body.data.windows).sort()).toEqual(["1h", "24h", "5m", "6h"]);
    const restricted = await get("/v1/token/stats", { ...ref, pools: FX_POOL2, windows: "24h" });
    const nowMs = Date.now();
    expect(restricted.body.data.windows["24h"].txns).toBe(
      fx.trades.filter((t) => t.pool === FX_POOL2 && t.at > nowMs - 86_400_000).length,
    );
    const tooMany = await post("/v1/token/stats", { items: Array.from({ length: 26 }, () => ref) });
    expect(tooMany.status).toBe(400);
  });
});

describe("markets", () => {
  it("POST /v1/pool: 1 to 100 items; slot data equals GET /v1/pool; unknown NOT_FOUND, malformed INVALID_PARAM", async () => {
    const single = await get("/v1/pool", { chain: FX_CHAIN, address: FX_POOL });
    const batch = await post("/v1/pool", {
      items: [
        { chain: FX_CHAIN, address: FX_POOL },
        { chain: FX_CHAIN, address: UNKNOWN },
        { chain: FX_CHAIN, address: "0x12" },
      ],
    });
    expect(batch.body.data[0].data).toEqual(single.body.data);
    expect(batch.body.data[1].error.code).toBe("NOT_FOUND");
    expect(batch.body.data[2].error.code).toBe("INVALID_PARAM");
    expect((await post("/v1/pool", { items: [] })).status).toBe(400);
    expect(
      (
        await post("/v1/pool", {
          items: Array.from({ length: 101 }, () => ({ chain: FX_CHAIN, address: FX_POOL })),
        })
      ).status,
    ).toBe(400);
  });

  it("GET /v1/pool/data: windowed market data", async () => {
    const r = await get("/v1/pool/data", { chain: FX_CHAIN, address: FX_POOL, windows: "1h,24h" });
    expect(Object.keys(r.body.data.windows).sort()).toEqual(["1h", "24h"]);
  });
});

describe("trades", () => {
  it("fromAt/toAt in seconds give 400; toAt at most 7 days ahead", async () => {
    const base = { chain: FX_CHAIN, address: FX_POOL };
    expect((await get("/v1/pool/trades", { ...base, fromAt: lastS() })).status).toBe(400);
    expect((await get("/v1/pool/trades", { ...base, toAt: lastS() })).status).toBe(400);
    expect((await get("/v1/pool/trades", { ...base, toAt: Date.now() + 8 * 86_400_000 })).status).toBe(400);
    expect((await get("/v1/pool/trades", { ...base, toAt: Date.now() + 6 * 86_400_000 })).status).toBe(200);
  });

  it("limit is 1 to 500", async () => {
    const base = { chain: FX_CHAIN, address: FX_POOL };
    expect((await get("/v1/pool/trades", { ...base, limit: 0 })).status).toBe(400);
    expect((await get("/v1/pool/trades", { ...base, limit: 501 })).status).toBe(400);
    expect((await get("/v1/pool/trades", { ...base, limit: 500 })).body.data.length).toBe(
      fx.trades.filter((t) => t.pool === FX_POOL).length,
    );
  });

  it("cursors never skip or repeat a trade; unknown pool is 404", async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    for (;;) {
      const r = await get("/v1/pool/trades", {
        chain: FX_CHAIN,
        address: FX_POOL2,
        limit: 9,
        ...(cursor ? { cursor } : {}),
      });
      seen.push(...r.body.data.map((t: { id: string }) => t.id));
      expect(r.body.meta.usdBasis).toBe("spot");
      if (!r.body.meta.hasMore) break;
      cursor = r.body.meta.nextCursor;
    }
    const expected = fx.trades.filter((t) => t.pool === FX_POOL2).map((t) => t.id);
    expect(seen.sort()).toEqual(expected.sort());
    expect((await get("/v1/pool/trades", { chain: FX_CHAIN, address: UNKNOWN })).status).toBe(404);
  });

  it("the pool page equals /v1/token/trades scoped to the pool", async () => {
    const a = await get("/v1/pool/trades", { chain: FX_CHAIN, address: FX_POOL, limit: 20 });
    const b = await get("/v1/token/trades", { ...ref, pools: FX_POOL, limit: 20 });
    expect(b.body.data).toEqual(a.body.data);
  });

  it("named filters: maker, side, minimums, order=asc, wash (Solana only), include=traderTxCounts", async () => {
    const maker = fx.trades.find((t) => t.pool === FX_POOL)!.maker;
    const r = await get("/v1/pool/trades", {
      chain: FX_CHAIN,
      address: FX_POOL,
      maker,
      side: "sell",
      minVolumeNative: 0,
      order: "asc",
      include: "traderTxCounts",
      limit: 500,
    });
    const expected = fx.trades.filter((t) => t.pool === FX_POOL && t.maker === maker && !t.isBuy);
    expect(r.body.data.map((t: { id: string }) => t.id)).toEqual(expected.map((t) => t.id));
    expect(r.body.data[0].traderTxCount).toBe(
      fx.trades.filter((t) => t.pool === FX_POOL && t.maker === maker).length,
    );
    expect(
      (await get("/v1/pool/trades", { chain: FX_CHAIN, address: FX_POOL, wash: "washOnly" })).status,
    ).toBe(400);
    expect(
      (await get("/v1/pool/trades", { chain: FX_CHAIN, address: FX_POOL, minVolumeUsd: -1 })).status,
    ).toBe(400);
  });
});

describe("candles", () => {
  it("aliases resolve and meta.interval echoes the canonical key; unknown interval is 400", async () => {
    for (const [alias, key] of [
      ["7d", "1w"],
      ["30d", "1M"],
      ["1min", "1m"],
      ["60", "1h"],
    ]) {
      const r = await get("/v1/pool/ohlcv", {
        chain: FX_CHAIN,
        address: FX_POOL,
        interval: alias!,
        limit: 2,
      });
      expect(r.body.meta.interval).toBe(key);
    }
    expect((await get("/v1/pool/ohlcv", { chain: FX_CHAIN, address: FX_POOL, interval: "2m" })).status).toBe(
      400,
    );
  });

  it("endTime in ms is normalized to seconds; endTime over a day ahead is 400", async () => {
    const base = { chain: FX_CHAIN, address: FX_POOL, interval: "1h", limit: 3, fill: false };
    const s = await get("/v1/pool/ohlcv", { ...base, endTime: lastS() });
    const ms = await get("/v1/pool/ohlcv", { ...base, endTime: lastS() * 1000 + 999 });
    expect(ms.body.data).toEqual(s.body.data);
    expect(
      (await get("/v1/pool/ohlcv", { ...base, endTime: Math.floor(Date.now() / 1000) + 2 * 86400 })).status,
    ).toBe(400);
  });

  it("limit is 1 to 2000, default 200", async () => {
    expect((await get("/v1/pool/ohlcv", { chain: FX_CHAIN, address: FX_POOL, limit: 2001 })).status).toBe(
      400,
    );
    const r = await get("/v1/pool/ohlcv", { chain: FX_CHAIN, address: FX_POOL, interval: "1m" });
    expect(r.body.meta.count).toBe(200);
  });

  it("quote=usd on EVM is INVALID_PARAM; pools accepts up to 50", async () => {
    expect((await get("/v1/pool/ohlcv", { chain: FX_CHAIN, address: FX_POOL, quote: "usd" })).status).toBe(
      400,
    );
    const pools = Array.from({ length: 51 }, (_, i) => `0x${(i + 1).toString(16).padStart(40, "0")}`).join(
      ",",
    );
    expect((await get("/v1/token/ohlcv", { ...ref, pools })).body.error.details.param).toBe("pools");
  });

  it("POST /v1/pool/ohlcv: 1 to 10 items, slots identical to the single GET, failing items alone", async () => {
    const endTime = lastS();
    const single = await get("/v1/pool/ohlcv", {
      chain: FX_CHAIN,
      address: FX_POOL,
      interval: "5m",
      limit: 10,
      endTime,
      fill: false,
    });
    const batch = await post("/v1/pool/ohlcv", {
      items: [
        { chain: FX_CHAIN, address: FX_POOL, endTime },
        { chain: FX_CHAIN, address: UNKNOWN },
        { chain: FX_CHAIN, address: "zz" },
      ],
      interval: "5m",
      limit: 10,
      fill: false,
    });
    const { asOf: _a, quote: _q, ...meta } = single.body.meta;
    expect(batch.body.data[0]).toEqual({ data: single.body.data, ...meta });
    expect(batch.body.data[1].error.code).toBe("NOT_FOUND");
    expect(batch.body.data[2].error.code).toBe("INVALID_PARAM");
    expect(batch.body.meta).toMatchObject({ interval: "5m", quote: "native" });
    expect(
      (await post("/v1/pool/ohlcv", { items: [{ chain: FX_CHAIN, address: FX_POOL }], interval: "9m" }))
        .status,
    ).toBe(400);
    expect(
      (
        await post("/v1/pool/ohlcv", {
          items: Array.from({ length: 11 }, () => ({ chain: FX_CHAIN, address: FX_POOL })),
        })
      ).status,
    ).toBe(400);
  });

  it("settled pages are immutable and cacheable", async () => {
    const r = await get("/v1/pool/ohlcv", {
      chain: FX_CHAIN,
      address: FX_POOL,
      interval: "1h",
      limit: 5,
      endTime: Math.floor(fx.graduatedAt / 1000) + 86400,
    });
    expect(r.headers.get("cache-control")).toContain("immutable");
  });
});

describe("sparklines and prices", () => {
  it("POST /v1/pools/sparklines: full grid of bare numbers, [] for no data, timestamps option", async () => {
    const r = await post("/v1/pools/sparklines", {
      markets: [
        { chain: FX_CHAIN, address: FX_POOL },
        { chain: FX_CHAIN, address: UNKNOWN },
      ],
      timeframe: "7d",
    });
    expect(r.body.data[FX_POOL]).toHaveLength(28);
    expect(r.body.data[UNKNOWN]).toEqual([]);
    expect(r.body.meta).toMatchObject({ timeframe: "7d", quote: "native" });
    const t = await post("/v1/pools/sparklines", {
      markets: [{ chain: FX_CHAIN, address: FX_POOL }],
      timeframe: "1h",
      timestamps: true,
    });
    for (const p of t.body.data[FX_POOL])
      expect(p).toEqual({ at: expect.any(Number), value: expect.any(Number) });
  });

  it("POST /v1/token/sparklines resolves the best pool", async () => {
    const a = await post("/v1/token/sparklines", { tokens: [ref], timeframe: "24h" });
    const b = await post("/v1/pools/sparklines", {
      markets: [{ chain: FX_CHAIN, address: FX_POOL }],
      timeframe: "24h",
    });
    expect(a.body.data[FX_TOKEN]).toEqual(b.body.data[FX_POOL]);
  });

  it("GET /v1/prices/native", async () => {
    const r = await get("/v1/prices/native", {});
    expect(r.body.data[FX_CHAIN]).toMatchObject({ priceUsd: 3000, source: "test" });
  });
});
