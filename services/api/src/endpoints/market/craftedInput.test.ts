import { createTestDatabase, type TestDatabase } from "@tapeline/core/testing";
import { writeBatch } from "@tapeline/ingest";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { serveApi } from "../../../../../test/api/serveApi.ts";
import { createMarketProvider } from "../../../../query/src/market/createMarketProvider.ts";
import {
  buildMarketFixture,
  FX_CHAIN,
  FX_POOL,
  FX_TOKEN,
} from "../../../../query/src/market/testing/buildMarketFixture.ts";
import type { RequestGate } from "../../gate.ts";
import { metaEndpoints } from "../meta/endpoints.ts";
import { marketEndpoints } from "./endpoints.ts";

/**
 * Crafted input over HTTP against a market with trades: cursors, spellings the contract does not
 * allow, malformed batch items and built-in property names. Every refusal is a 400 (or an error
 * slot) naming the offender, never a 5xx; billing counts only the items actually served.
 */

const UNKNOWN_POOL = `0x${"ab".repeat(20)}`;
const UNKNOWN_TOKEN = `0x${"cd".repeat(20)}`;
const fx = { chain: FX_CHAIN, address: FX_POOL };
const fxToken = { chain: FX_CHAIN, address: FX_TOKEN };

let db: TestDatabase;
let url: string;
let close: () => Promise<void>;
/** What the app asked the gate to bill, per request. */
let settled: { path: string; status: number; servedItems: number }[] = [];

const recordingGate: RequestGate = {
  async admit({ endpoint }) {
    return {
      caller: null,
      headers: {},
      settle: async (r) => {
        settled.push({ path: endpoint.path, status: r.status, servedItems: r.servedItems });
        return {};
      },
    };
  },
};

beforeAll(async () => {
  db = await createTestDatabase();
  const f = buildMarketFixture(60);
  await writeBatch(db.pool, {
    chain: FX_CHAIN,
    blocks: [],
    trades: f.trades,
    pools: f.pools,
    tokens: f.tokens,
  });
  const api = await serveApi({
    pool: db.pool,
    name: "crafted-input",
    providers: [createMarketProvider()],
    endpoints: [metaEndpoints, marketEndpoints],
    app: { gate: recordingGate },
  });
  url = api.url;
  close = api.close;
});

afterAll(async () => {
  await close?.();
  await db?.drop();
});

beforeEach(() => {
  settled = [];
});

type Slot = { data?: unknown; error?: { code: string; message: string } };
type Body = {
  error: { code: string; details: { param: string; reason?: string } };
  data: Slot[] & Record<string, unknown>;
  meta: { nextCursor?: string | null };
};
type Answer = { status: number; body: Body };

async function get(path: string, rawQuery: string): Promise<Answer> {
  const res = await fetch(`${url}${path}?${rawQuery}`);
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

const q = (o: Record<string, string>) => new URLSearchParams(o).toString();
const cursorOf = (fields: unknown[]) => Buffer.from(JSON.stringify(fields)).toString("base64url");

describe("trade cursors are decoded with the bounds of their columns", () => {
  const tapes = [
    ["/v1/pool/trades", fx],
    ["/v1/token/trades", fxToken],
  ] as const;
  const crafted: [string, unknown[]][] = [
    ["an id holding NUL", [1, 0, Date.now(), 100, 1, "0xabc\u0000:1"]],
    ["a logIndex of 2^31", [1, 0, Date.now(), 100, 2 ** 31, "0xabc:1"]],
    ["a block past 2^53", [1, 0, Date.now(), 2 ** 60, 1, "0xabc:1"]],
    ["a negative time", [1, 0, -1, 100, 1, "0xabc:1"]],
    ["an id of another type", [1, 0, Date.now(), 100, 1, { id: 1 }]],
    ["a lone surrogate in the id", [1, 0, Date.now(), 100, 1, "\ud800"]],
  ];
  for (const [path, ref] of tapes) {
    it(`${path}: a real cursor pages on`, async () => {
      const first = await get(path, q({ ...ref, limit: "2" }));
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      const next = first.body.meta.nextCursor;
      expect(typeof next).toBe("string");
      const second = await get(path, q({ ...ref, limit: "2", cursor: next as string }));
      expect(second.status).toBe(200);
    });
    for (const [label, fields] of crafted) {
      it(`${path}: a cursor with ${label} is a 400 naming cursor`, async () => {
        const a = await get(path, q({ ...ref, cursor: cursorOf(fields) }));
        expectRefused(a, "cursor");
        expect(a.body.error.details.reason).toBeTypeOf("string");
      });
    }
  }
});

describe("parameters are read as strictly as the contract spells them", () => {
  it("a chain with an encoded trailing space or a byte-order mark is a 400", async () => {
    expectRefused(await get("/v1/pool", `chain=evm:31337%20&address=${FX_POOL}`), "chain");
    expectRefused(await get("/v1/pool", `chain=%EF%BB%BFevm:31337&address=${FX_POOL}`), "chain");
    expectRefused(await get("/v1/token", `chain=%20solana&address=${FX_TOKEN}`), "chain");
    expect((await get("/v1/pool", `chain=evm:31337&address=${FX_POOL}`)).status).toBe(200);
  });

  it("an address with blanks around it is a 400, in a query and in a batch item", async () => {
    expectRefused(await get("/v1/pool", q({ chain: FX_CHAIN, address: ` ${FX_POOL}` })), "address");
    const a = await post("/v1/pool", { items: [{ chain: FX_CHAIN, address: `${FX_POOL} ` }] });
    expect(a.body.data[0]?.error?.code).toBe("INVALID_PARAM");
  });

  it("a parameter without a name is named `query`, not an empty string", async () => {
    expectRefused(await get("/v1/pool", `chain=evm:31337&address=${FX_POOL}&=x`), "query");
    expectRefused(await get("/v1/meta/chains", "=x"), "query");
  });

  it("candles with from after endTime are a 400 on both GETs and an error slot in the batch", async () => {
    const range = { endTime: "1704067200", from: "1704067201" };
    expectRefused(await get("/v1/pool/ohlcv", q({ ...fx, ...range })), "from");
    expectRefused(await get("/v1/token/ohlcv", q({ ...fxToken, ...range })), "from");
    const a = await post("/v1/pool/ohlcv", {
      items: [fx, { ...fx, endTime: 1_704_067_200, from: 1_704_067_201 }],
    });
    expect(a.status).toBe(200);
    expect(a.body.data[0]?.data).toBeDefined();
    expect(a.body.data[1]?.error?.code).toBe("INVALID_PARAM");
    expect(a.body.data[1]?.error?.message).toMatch(/from/);
    expect(
      (await get("/v1/pool/ohlcv", q({ ...fx, endTime: "1704067200", from: "1704067200" }))).status,
    ).toBe(200);
  });

  it("built-in property names are unknown intervals", async () => {
    for (const interval of ["constructor", "__proto__", "toString", "hasOwnProperty", "valueOf"]) {
      expectRefused(await post("/v1/pool/ohlcv", { items: [fx], interval }), "interval");
      expectRefused(await get("/v1/pool/ohlcv", q({ ...fx, interval })), "interval");
    }
  });
});

describe("a malformed batch item fails its own slot, never the others", () => {
  const batches: { path: string; good: Record<string, unknown> }[] = [
    { path: "/v1/pool", good: fx },
    { path: "/v1/token", good: fxToken },
    { path: "/v1/token/price", good: fxToken },
    { path: "/v1/token/stats", good: fxToken },
    { path: "/v1/pool/ohlcv", good: fx },
  ];
  const bad: [string, unknown, RegExp][] = [
    ["a non-string address", { chain: FX_CHAIN, address: 5 }, /items\.1\.address/],
    ["an unknown key", { ...fx, bogus: 1 }, /items\.1\.bogus/],
    ["an item that is not an object", "0xabc", /items\.1/],
    ["a missing chain", { address: FX_POOL }, /items\.1\.chain/],
  ];
  for (const { path, good } of batches) {
    for (const [label, item, names] of bad) {
      it(`${path}: ${label} gives an INVALID_PARAM slot; the good items are served and billed`, async () => {
        const a = await post(path, { items: [good, item, good] });
        expect(a.status, JSON.stringify(a.body)).toBe(200);
        expect(a.body.data).toHaveLength(3);
        expect(a.body.data[0]?.data).toBeDefined();
        expect(a.body.data[1]?.error?.code).toBe("INVALID_PARAM");
        expect(a.body.data[1]?.error?.message).toMatch(names);
        expect(a.body.data[2]?.data).toBeDefined();
        expect(settled).toEqual([{ path, status: 200, servedItems: 2 }]);
      });
    }
    it(`${path}: errors of the body itself stay a 400 for the whole call`, async () => {
      expectRefused(await post(path, { items: [good], bogus: 1 }), "bogus");
      expectRefused(await post(path, { items: good }), "items");
      expectRefused(await post(path, [good]), "body");
    });
  }
});

describe("sparkline batches bill only the markets and tokens they know", () => {
  it("POST /v1/pools/sparklines: an unknown pool answers [] and is not billed", async () => {
    const a = await post("/v1/pools/sparklines", {
      markets: [fx, { chain: FX_CHAIN, address: UNKNOWN_POOL }],
    });
    expect(a.status).toBe(200);
    expect(a.body.data[UNKNOWN_POOL]).toEqual([]);
    expect(a.body.data[FX_POOL]).toBeInstanceOf(Array);
    expect(settled).toEqual([{ path: "/v1/pools/sparklines", status: 200, servedItems: 1 }]);
  });

  it("POST /v1/pools/sparklines: a market listed twice is answered and billed once", async () => {
    const a = await post("/v1/pools/sparklines", { markets: [fx, fx, fx] });
    expect(a.status).toBe(200);
    expect(Object.keys(a.body.data)).toEqual([FX_POOL]);
    expect(settled).toEqual([{ path: "/v1/pools/sparklines", status: 200, servedItems: 1 }]);
  });

  it("POST /v1/token/sparklines: an unknown token answers [] and is not billed", async () => {
    const a = await post("/v1/token/sparklines", {
      tokens: [
        fxToken,
        { chain: FX_CHAIN, address: UNKNOWN_TOKEN },
        { chain: "solana", address: "So11111111111111111111111111111111111111112" },
      ],
    });
    expect(a.status).toBe(200);
    expect(a.body.data[UNKNOWN_TOKEN]).toEqual([]);
    expect(settled).toEqual([{ path: "/v1/token/sparklines", status: 200, servedItems: 1 }]);
  });
});
