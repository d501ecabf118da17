import { createTestDatabase, type TestDatabase } from "@tapeline/core/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serveApi } from "../../../../../test/api/serveApi.ts";
import { createMarketProvider } from "../../../../query/src/market/createMarketProvider.ts";
import { metaEndpoints } from "../meta/endpoints.ts";
import { marketEndpoints } from "./endpoints.ts";

/**
 * The contract's parameter names, bounds and defaults (spec: Endpoints; Limits, size and range
 * bounds), checked over HTTP: every refusal is 400 INVALID_PARAM naming the offending parameter.
 */

const POOL = `0x${"ab".repeat(20)}`;
const TOKEN = `0x${"cd".repeat(20)}`;
const EVM_ZERO = `0x${"0".repeat(40)}`;
const EVM_EEEE = `0x${"e".repeat(40)}`;
const ref = { chain: "evm:1", address: POOL };
const nowS = () => Math.floor(Date.now() / 1000);
const DAY_S = 86_400;

let db: TestDatabase;
let url: string;
let close: () => Promise<void>;

beforeAll(async () => {
  db = await createTestDatabase();
  const api = await serveApi({
    pool: db.pool,
    name: "spec-bounds",
    providers: [createMarketProvider()],
    endpoints: [metaEndpoints, marketEndpoints],
  });
  url = api.url;
  close = api.close;
});

afterAll(async () => {
  await close?.();
  await db?.drop();
});

type Body = {
  error: { code: string; details: { param: string } };
  meta: Record<string, unknown>;
  data: { error: { code: string } }[] & Record<string, unknown>;
};
type Answer = { status: number; body: Body };

async function get(path: string, query: Record<string, string>): Promise<Answer> {
  const res = await fetch(`${url}${path}?${new URLSearchParams(query)}`);
  return { status: res.status, body: (await res.json()) as Body };
}

async function post(path: string, body: unknown): Promise<Answer> {
  const res = await fetch(`${url}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Body };
}

function expectRefused(a: Answer, param: string): void {
  expect(a.status, JSON.stringify(a.body)).toBe(400);
  expect(a.body.error.code).toBe("INVALID_PARAM");
  expect(a.body.error.details.param).toBe(param);
}

/** GET endpoints: a valid base query, and [case, extra params, param named] refusals. */
const candleRefusals: [string, Record<string, string>, string][] = [
  ["limit below 1", { limit: "0" }, "limit"],
  ["limit above 2000", { limit: "2001" }, "limit"],
  ["unknown interval", { interval: "2m" }, "interval"],
  ["interval alias spelled otherwise", { interval: "60m" }, "interval"],
  ["quote outside native|usd", { quote: "eur" }, "quote"],
  ["fill not a boolean", { fill: "yes" }, "fill"],
  ["negative endTime", { endTime: "-1" }, "endTime"],
  ["fractional endTime", { endTime: "1.5" }, "endTime"],
  ["negative from", { from: "-1" }, "from"],
  ["endTime over a day ahead (seconds)", { endTime: String(nowS() + DAY_S + 120) }, "endTime"],
  ["endTime over a day ahead (ms)", { endTime: String((nowS() + DAY_S + 120) * 1000) }, "endTime"],
];
const tradeRefusals: [string, Record<string, string>, string][] = [
  ["limit below 1", { limit: "0" }, "limit"],
  ["limit above 500", { limit: "501" }, "limit"],
  ["fromAt in seconds", { fromAt: String(nowS()) }, "fromAt"],
  ["toAt in seconds", { toAt: String(nowS()) }, "toAt"],
  ["toAt over 7 days ahead", { toAt: String(Date.now() + 8 * DAY_S * 1000) }, "toAt"],
  ["negative fromAt", { fromAt: "-1" }, "fromAt"],
  ["negative minAmountToken", { minAmountToken: "-0.5" }, "minAmountToken"],
  ["negative minVolumeNative", { minVolumeNative: "-1" }, "minVolumeNative"],
  ["negative minVolumeUsd", { minVolumeUsd: "-1" }, "minVolumeUsd"],
  ["unknown side", { side: "long" }, "side"],
  ["unknown wash value", { wash: "all" }, "wash"],
  ["unknown include value", { include: "everything" }, "include"],
];
const gets: {
  path: string;
  base: Record<string, string>;
  refusals: [string, Record<string, string>, string][];
}[] = [
  { path: "/v1/meta/chains", base: {}, refusals: [] },
  { path: "/v1/prices/native", base: {}, refusals: [] },
  { path: "/v1/token", base: { chain: "evm:1", address: TOKEN }, refusals: [] },
  { path: "/v1/token/price", base: { chain: "evm:1", address: TOKEN }, refusals: [] },
  { path: "/v1/token/pools", base: { chain: "evm:1", address: TOKEN }, refusals: [] },
  {
    path: "/v1/token/stats",
    base: { chain: "evm:1", address: TOKEN },
    refusals: [
      ["unknown window", { windows: "5m,2h" }, "windows"],
      ["more than 50 pools", { pools: Array(51).fill(POOL).join(",") }, "pools"],
    ],
  },
  {
    path: "/v1/token/trades",
    base: { chain: "evm:1", address: TOKEN },
    refusals: [...tradeRefusals, ["more than 50 pools", { pools: Array(51).fill(POOL).join(",") }, "pools"]],
  },
  {
    path: "/v1/token/ohlcv",
    base: { chain: "evm:1", address: TOKEN },
    refusals: [
      ...candleRefusals,
      ["more than 50 pools", { pools: Array(51).fill(POOL).join(",") }, "pools"],
      ["the EVM native coin", { address: EVM_ZERO }, "address"],
      ["the EVM native coin by its 0xeeee alias", { address: EVM_EEEE }, "address"],
    ],
  },
  { path: "/v1/pool", base: ref, refusals: [] },
  { path: "/v1/pool/data", base: ref, refusals: [["unknown window", { windows: "7d" }, "windows"]] },
  { path: "/v1/pool/trades", base: ref, refusals: tradeRefusals },
  { path: "/v1/pool/ohlcv", base: ref, refusals: candleRefusals },
];

describe("GET endpoints follow the contract's parameter rules", () => {
  for (const e of gets) {
    it(`${e.path}: an unknown parameter is a 400 naming it`, async () => {
      expectRefused(await get(e.path, { ...e.base, bogus: "1" }), "bogus");
    });
    for (const [label, extra, param] of e.refusals) {
      it(`${e.path}: ${label} is a 400 naming ${param}`, async () => {
        expectRefused(await get(e.path, { ...e.base, ...extra }), param);
      });
    }
  }
});

type PostCase = {
  path: string;
  list: string;
  item: Record<string, unknown>;
  max: number;
  refusals: [string, Record<string, unknown>, string][];
};
const candleBody: [string, Record<string, unknown>, string][] = [
  ["unknown interval (whole call)", { interval: "2m" }, "interval"],
  ["limit below 1", { limit: 0 }, "limit"],
  ["limit above 2000", { limit: 2001 }, "limit"],
  ["quote outside native|usd", { quote: "eur" }, "quote"],
  ["fill not a boolean", { fill: "true" }, "fill"],
];
const sparkBody: [string, Record<string, unknown>, string][] = [
  ["unknown timeframe", { timeframe: "2h" }, "timeframe"],
  ["quote outside native|usd", { quote: "eur" }, "quote"],
  ["timestamps not a boolean", { timestamps: "true" }, "timestamps"],
];
const posts: PostCase[] = [
  { path: "/v1/pool", list: "items", item: ref, max: 100, refusals: [] },
  { path: "/v1/token", list: "items", item: { chain: "evm:1", address: TOKEN }, max: 100, refusals: [] },
  {
    path: "/v1/token/price",
    list: "items",
    item: { chain: "evm:1", address: TOKEN },
    max: 100,
    refusals: [],
  },
  {
    path: "/v1/token/stats",
    list: "items",
    item: { chain: "evm:1", address: TOKEN },
    max: 25,
    refusals: [["unknown window", { windows: ["2h"] }, "windows.0"]],
  },
  { path: "/v1/pool/ohlcv", list: "items", item: ref, max: 10, refusals: candleBody },
  { path: "/v1/pools/sparklines", list: "markets", item: ref, max: 100, refusals: sparkBody },
  {
    path: "/v1/token/sparklines",
    list: "tokens",
    item: { chain: "evm:1", address: TOKEN },
    max: 100,
    refusals: sparkBody,
  },
];

describe("POST endpoints follow the contract's body rules", () => {
  for (const e of posts) {
    const one = { [e.list]: [e.item] };
    it(`${e.path}: an unknown query parameter is a 400 naming it`, async () => {
      const res = await fetch(`${url}${e.path}?bogus=1`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(one),
      });
      expectRefused({ status: res.status, body: (await res.json()) as Body }, "bogus");
    });
    it(`${e.path}: an unknown top-level field is a 400 naming it`, async () => {
      expectRefused(await post(e.path, { ...one, bogus: 1 }), "bogus");
    });
    it(`${e.path}: an unknown field inside an item is refused naming it (a slot of its own when the answer has slots)`, async () => {
      const a = await post(e.path, { [e.list]: [e.item, { ...e.item, bogus: 1 }] });
      if (e.list !== "items") {
        expectRefused(a, `${e.list}.1.bogus`);
        return;
      }
      expect(a.status, JSON.stringify(a.body)).toBe(200);
      expect(a.body.data[1]?.error.code).toBe("INVALID_PARAM");
      expect(JSON.stringify(a.body.data[1])).toContain(`${e.list}.1.bogus`);
    });
    it(`${e.path}: an empty ${e.list} and ${e.max + 1} ${e.list} are 400s`, async () => {
      expectRefused(await post(e.path, { [e.list]: [] }), e.list);
      expectRefused(await post(e.path, { [e.list]: Array(e.max + 1).fill(e.item) }), e.list);
    });
    for (const [label, extra, param] of e.refusals) {
      it(`${e.path}: ${label} is a 400 naming ${param}`, async () => {
        expectRefused(await post(e.path, { ...one, ...extra }), param);
      });
    }
  }
});

describe("an item's own bounds fail its slot alone", () => {
  const itemRefusals: [string, string, Record<string, unknown>, string][] = [
    ["/v1/pool/ohlcv", "negative item endTime", { ...ref, endTime: -1 }, "items.1.endTime"],
    ["/v1/pool/ohlcv", "fractional item from", { ...ref, from: 1.5 }, "items.1.from"],
    [
      "/v1/token/stats",
      "more than 50 pools in an item",
      { chain: "evm:1", address: TOKEN, pools: Array(51).fill(POOL) },
      "items.1.pools",
    ],
  ];
  for (const [path, label, item, param] of itemRefusals) {
    it(`${path}: ${label} is an INVALID_PARAM slot naming ${param}`, async () => {
      const good = path === "/v1/token/stats" ? { chain: "evm:1", address: TOKEN } : ref;
      const a = await post(path, { items: [good, item] });
      expect(a.status, JSON.stringify(a.body)).toBe(200);
      expect(a.body.data[0]?.error.code).toBe("NOT_FOUND");
      expect(a.body.data[1]?.error.code).toBe("INVALID_PARAM");
      expect(JSON.stringify(a.body.data[1])).toContain(param);
    });
  }
});

describe("defaults and canonical keys are echoed", () => {
  it("POST /v1/pool/ohlcv: interval 5m and quote native by default; the max batch of 10 is served", async () => {
    const a = await post("/v1/pool/ohlcv", { items: Array(10).fill(ref) });
    expect(a.status).toBe(200);
    expect(a.body.meta.interval).toBe("5m");
    expect(a.body.meta.quote).toBe("native");
    expect(a.body.data).toHaveLength(10);
    expect(a.body.data[0]?.error.code).toBe("NOT_FOUND");
  });

  it("POST /v1/pool/ohlcv: aliases resolve to their canonical key", async () => {
    for (const [alias, key] of [
      ["7d", "1w"],
      ["30d", "1M"],
      ["1min", "1m"],
      ["5min", "5m"],
      ["15min", "15m"],
      ["30min", "30m"],
      ["60", "1h"],
    ]) {
      const a = await post("/v1/pool/ohlcv", { items: [ref], interval: alias });
      expect(a.body.meta.interval, alias).toBe(key);
    }
  });

  it("POST /v1/pool/ohlcv: an item endTime over a day ahead fails its slot alone; ms bounds are accepted", async () => {
    const a = await post("/v1/pool/ohlcv", {
      items: [
        { ...ref, endTime: nowS() + DAY_S + 120 },
        { ...ref, endTime: nowS() * 1000, from: 0 },
      ],
    });
    expect(a.status).toBe(200);
    expect(a.body.data[0]?.error.code).toBe("INVALID_PARAM");
    expect(a.body.data[1]?.error.code).toBe("NOT_FOUND");
  });

  it("POST /v1/pools/sparklines: timeframe 24h and quote native by default; an unknown market gives []", async () => {
    const a = await post("/v1/pools/sparklines", { markets: [ref] });
    expect(a.status).toBe(200);
    expect(a.body.meta).toMatchObject({ timeframe: "24h", quote: "native" });
    expect(a.body.data[POOL]).toEqual([]);
  });

  it("POST /v1/token/stats: the max batch of 25 is served slot by slot", async () => {
    const a = await post("/v1/token/stats", { items: Array(25).fill({ chain: "evm:1", address: TOKEN }) });
    expect(a.status).toBe(200);
    expect(a.body.data).toHaveLength(25);
  });
});

describe("values at the bounds are accepted (validation passes; the unknown market is not a 400)", () => {
  const accepted: [string, Record<string, string>][] = [
    ["/v1/pool/ohlcv", { ...ref, limit: "1" }],
    ["/v1/pool/ohlcv", { ...ref, limit: "2000", interval: "1M", quote: "usd", fill: "false" }],
    ["/v1/pool/ohlcv", { ...ref, interval: "60", endTime: String(nowS() + DAY_S - 120), from: "0" }],
    ["/v1/pool/ohlcv", { ...ref, endTime: String((nowS() + DAY_S - 120) * 1000), from: String(Date.now()) }],
    ["/v1/token/ohlcv", { chain: "evm:1", address: TOKEN, pools: Array(50).fill(POOL).join(",") }],
    ["/v1/pool/trades", { ...ref, limit: "500", fromAt: "0", toAt: String(Date.now() + 6 * DAY_S * 1000) }],
    ["/v1/pool/trades", { ...ref, limit: "1", minAmountToken: "0", minVolumeNative: "0", minVolumeUsd: "0" }],
    ["/v1/pool/trades", { ...ref, side: "buy", order: "asc", include: "traderTxCounts" }],
    [
      "/v1/token/trades",
      { chain: "solana", address: "So11111111111111111111111111111111111111112", wash: "washOnly" },
    ],
    ["/v1/token/price", { chain: "evm:1", address: EVM_EEEE }],
  ];
  for (const [path, query] of accepted) {
    it(`${path}?${new URLSearchParams(query).toString().slice(0, 80)}`, async () => {
      const a = await get(path, query);
      expect(a.status, JSON.stringify(a.body)).not.toBe(400);
    });
  }

  it("POST batches take their maximum size", async () => {
    for (const [path, list, max, item] of [
      ["/v1/pool", "items", 100, ref],
      ["/v1/token", "items", 100, { chain: "evm:1", address: TOKEN }],
      ["/v1/token/price", "items", 100, { chain: "evm:1", address: TOKEN }],
      ["/v1/pools/sparklines", "markets", 100, ref],
      ["/v1/token/sparklines", "tokens", 100, { chain: "evm:1", address: TOKEN }],
    ] as const) {
      const a = await post(path, { [list]: Array(max).fill(item) });
      expect(a.status, `${path}: ${JSON.stringify(a.body).slice(0, 200)}`).toBe(200);
    }
  });

  it("POST sparklines take every timeframe of the contract", async () => {
    for (const timeframe of ["1m", "5m", "30m", "1h", "24h", "7d"]) {
      const a = await post("/v1/pools/sparklines", { markets: [ref], timeframe, timestamps: true });
      expect(a.status).toBe(200);
      expect(a.body.meta.timeframe).toBe(timeframe);
    }
  });
});
