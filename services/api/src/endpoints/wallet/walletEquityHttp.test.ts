import { EQUITY_LIMITS, type TokenRecord } from "@tapeline/core";
import { createTestDatabase, type TestDatabase } from "@tapeline/core/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serveApi } from "../../../../../test/api/serveApi.ts";
import type { BalanceChange } from "../../../../ingest/src/writer/IngestBatch.ts";
import { writeBatch } from "../../../../ingest/src/writer/writeBatch.ts";
import { createPortfolioProvider } from "../../../../query/src/portfolio/provider.ts";
import type { RequestGate } from "../../gate.ts";
import { walletEndpoints } from "./endpoints.ts";
import { getWalletEquityHistory } from "./getWalletEquityHistory.ts";

/**
 * `GET /v1/wallet/equity/history` over HTTP: every parameter's bounds (400 INVALID_PARAM naming
 * it), the range's defaults, rounding and spacing, the credit billed, a stablecoin valued at face
 * value from the balances written by the ingest writer, and a held token of unknown price left
 * out of the values and named in meta rather than counted as zero.
 */

const M = 60_000;
const H = 3_600_000;
const DAY = 86_400_000;
const WALLET = `0x${"ab".repeat(20)}`;
const OTHER = `0x${"cd".repeat(20)}`;
/** USDC on Ethereum, in the stablecoin registry (migration 0030) */
const USDC = "0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48";
/** a token without any pool: no price ever */
const NOPRICE = `0x${"e1".repeat(20)}`;
const T0 = 1_760_000_000_000 - (1_760_000_000_000 % H);

type Equity = {
  data: { currentValueUsd: number; points: { at: number; valueUsd: number }[] };
  meta: {
    asOf: number;
    from: number;
    to: number;
    intervalMs: number;
    unvaluedTokens: string[];
    partialPoints: number;
    nativeIncluded: boolean;
    nativeKnownFrom: number | null;
  };
};

let db: TestDatabase;
let url: string;
let close: () => Promise<void>;
const settled: { path: string; status: number }[] = [];
const gate: RequestGate = {
  async admit(input) {
    return {
      caller: null,
      headers: {},
      async settle({ status }) {
        settled.push({ path: input.endpoint.path, status });
        return {};
      },
    };
  },
};

/** A transfer of `value` raw units of `token` into (positive) or out of (negative) the wallet. */
const change = (token: string, block: number, at: number, delta: bigint, holder = WALLET): BalanceChange => ({
  token,
  holder,
  block: BigInt(block),
  seq: 0,
  at,
  txHash: `0x${block.toString(16).padStart(64, "0")}`,
  delta,
  accounts: null,
});

beforeAll(async () => {
  db = await createTestDatabase();
  const tokens: TokenRecord[] = [
    { chain: "evm:1", address: USDC, name: "USD Coin", symbol: "USDC", decimals: 6, totalSupply: null },
    { chain: "evm:1", address: NOPRICE, name: "N", symbol: "N", decimals: 18, totalSupply: null },
  ];
  await writeBatch(db.pool, {
    chain: "evm:1",
    blocks: [],
    trades: [],
    pools: [],
    tokens,
    balances: {
      tracked: [
        { token: USDC, block: 1n },
        { token: NOPRICE, block: 1n },
      ],
      changes: [
        // 5 USDC inside T0's minute, 2 more at T0 + 10 min, 4 out at T0 + 20 min 30 s
        change(USDC, 10, T0 + 30_000, 5_000_000n),
        change(USDC, 20, T0 + 10 * M, 2_000_000n),
        change(USDC, 30, T0 + 20 * M + 30_000, -4_000_000n),
        change(USDC, 30, T0 + 20 * M + 30_000, 4_000_000n, OTHER),
        // the unpriced token held from T0 + 15 min on
        change(NOPRICE, 25, T0 + 15 * M, 10n ** 18n),
      ],
    },
  });
  const api = await serveApi({
    pool: db.pool,
    name: "wallet-equity-http",
    providers: [createPortfolioProvider({ nodes: new Map() })],
    endpoints: [walletEndpoints],
    app: { gate },
  });
  url = api.url;
  close = api.close;
}, 60_000);

afterAll(async () => {
  await close?.();
  await db?.drop();
});

const get = (query: Record<string, string>) =>
  fetch(`${url}/v1/wallet/equity/history?${new URLSearchParams(query)}`);

describe("GET /v1/wallet/equity/history", () => {
  it("refuses each malformed parameter or range with 400 INVALID_PARAM naming it", async () => {
    const base = { chain: "evm:1", wallet: WALLET };
    const cases: [Record<string, string>, string][] = [
      [{ chain: "evm:1", wallet: "0x12" }, "wallet"],
      [{ chain: "solana", wallet: WALLET }, "wallet"],
      [{ chain: "evm:", wallet: WALLET }, "chain"],
      [{ wallet: WALLET }, "chain"],
      [{ chain: "evm:1" }, "wallet"],
      [{ ...base, from: String(T0 / 1000) }, "from"],
      [{ ...base, to: String(T0 / 1000) }, "to"],
      [{ ...base, from: "-1" }, "from"],
      [{ ...base, from: "soon" }, "from"],
      [{ ...base, to: "1.5" }, "to"],
      [{ ...base, to: String(Date.now() + 3 * DAY) }, "to"],
      [{ ...base, from: String(T0 + M), to: String(T0) }, "from"],
      [{ ...base, from: String(T0 - 366 * DAY - M), to: String(T0) }, "from"],
      [{ ...base, interval: "60000" }, "interval"],
    ];
    for (const [query, param] of cases) {
      const res = await get(query);
      expect(res.status, JSON.stringify(query)).toBe(400);
      const body = (await res.json()) as { error: { code: string; details: { param: string } } };
      expect(body.error.code).toBe("INVALID_PARAM");
      expect(body.error.details.param, JSON.stringify(query)).toBe(param);
    }
    expect(settled.filter((s) => s.status === 200)).toEqual([]);
  });

  it("values the balances at each minute's end, stablecoins at face value, and names the unpriced token", async () => {
    settled.length = 0;
    // 30 minutes: every minute; the bounds are rounded down to the minute
    const res = await get({
      chain: "evm:1",
      wallet: WALLET,
      from: String(T0 + 59_999),
      to: String(T0 + 30 * M + 1),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const body = (await res.json()) as Equity;
    expect(body.meta).toMatchObject({
      from: T0,
      to: T0 + 30 * M,
      intervalMs: M,
      unvaluedTokens: [NOPRICE],
      nativeIncluded: false,
      nativeKnownFrom: null,
    });
    const ats = body.data.points.map((p) => p.at);
    expect(ats).toEqual(Array.from({ length: 31 }, (_, i) => T0 + i * M));
    // the written changes, replayed here: USDC balance at each minute's end, in whole USDC
    const usdcAt = (minuteStart: number) =>
      [
        [T0 + 30_000, 5],
        [T0 + 10 * M, 2],
        [T0 + 20 * M + 30_000, -4],
      ].reduce((a, [at, d]) => (at! < minuteStart + M ? a + d! : a), 0);
    expect(body.data.points.map((p) => p.valueUsd)).toEqual(ats.map(usdcAt));
    expect(body.data.points[0]!.valueUsd).toBe(5);
    // every 5 minutes over 10 hours: each point sees the last change before its minute's end
    const coarse = (await (
      await get({ chain: "evm:1", wallet: WALLET, from: String(T0 - 3 * M), to: String(T0 + 597 * M) })
    ).json()) as Equity;
    expect(coarse.meta.intervalMs).toBe(5 * M);
    expect(coarse.data.points.map((p) => p.valueUsd)).toEqual(coarse.data.points.map((p) => usdcAt(p.at)));
    expect(coarse.data.points.slice(0, 6).map((p) => p.valueUsd)).toEqual([0, 5, 5, 7, 7, 3]);
    expect(body.data.points[20]!.valueUsd).toBe(3);
    // the unpriced token is held from minute 15 on: those 16 points leave it out
    expect(body.meta.partialPoints).toBe(ats.filter((at) => at >= T0 + 15 * M).length);
    // now: 3 USDC; the unpriced token is left out, not counted as zero
    expect(body.data.currentValueUsd).toBe(3);
    expect(settled).toEqual([0, 1].map(() => ({ path: "/v1/wallet/equity/history", status: 200 })));
    expect(getWalletEquityHistory.credits).toEqual({ kind: "flat", amount: 1 });
  });

  it("defaults to the last 24 hours every 5 minutes, and spaces longer ranges within the points bound", async () => {
    const before = Math.floor(Date.now() / M) * M;
    const res = await get({ chain: "evm:1", wallet: WALLET });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Equity;
    const after = Math.floor(Date.now() / M) * M;
    expect(body.meta.to).toBeGreaterThanOrEqual(before);
    expect(body.meta.to).toBeLessThanOrEqual(after);
    expect(body.meta.from).toBe(body.meta.to - DAY);
    expect(body.meta.intervalMs).toBe(5 * M);
    expect(body.data.points).toHaveLength(DAY / (5 * M) + 1);
    // long after the changes: 3 USDC at every point, and the unpriced token flagged on each
    expect(body.data.points.every((p) => p.valueUsd === 3)).toBe(true);
    expect(body.meta.partialPoints).toBe(body.data.points.length);

    const cases: [number, number][] = [
      [499 * M, M],
      [7 * DAY, H],
      [30 * DAY, 4 * H],
      [366 * DAY, DAY],
    ];
    for (const [span, step] of cases) {
      const r = (await (
        await get({ chain: "evm:1", wallet: WALLET, from: String(T0 - span + 7), to: String(T0 + 7) })
      ).json()) as Equity;
      expect(r.meta.intervalMs, `${span}`).toBe(step);
      const n = Math.floor(span / step) + 1;
      expect(r.data.points).toHaveLength(n);
      expect(n).toBeLessThanOrEqual(EQUITY_LIMITS.pointsMax);
      expect(r.data.points.at(-1)!.at).toBe(T0);
      expect(r.data.points[0]!.at).toBe(T0 - (n - 1) * step);
    }
    // 500 minutes would be 501 points: every 5 minutes instead
    const r = (await (
      await get({ chain: "evm:1", wallet: WALLET, from: String(T0 - 499 * M), to: String(T0 + M) })
    ).json()) as Equity;
    expect(r.meta.intervalMs).toBe(5 * M);
  });

  it("answers a wallet without recorded balances with zero-valued points and nothing flagged", async () => {
    const res = await get({
      chain: "evm:1",
      wallet: `0x${"77".repeat(20)}`,
      from: String(T0),
      to: String(T0 + 2 * M),
    });
    const body = (await res.json()) as Equity;
    expect(body.data).toEqual({
      currentValueUsd: 0,
      points: [0, 1, 2].map((i) => ({ at: T0 + i * M, valueUsd: 0 })),
    });
    expect(body.meta).toMatchObject({ unvaluedTokens: [], partialPoints: 0 });
  });
});
