import { describe, expect, it } from "vitest";
import { InvalidParamError } from "../errors.ts";
import { STATS_WINDOWS } from "../ports/marketQueries.ts";
import { canonicalFilter, evaluateScreenerFilter } from "./evaluateScreenerFilter.ts";
import { flatScreenerFilters } from "./flatScreenerFilters.ts";
import { FILTER_LIMITS, type FilterNode, parseScreenerFilter } from "./parseScreenerFilter.ts";
import { SCREENER_COUNTERS, type ScreenerView } from "./screenerFields.ts";
import { testMarket } from "./testMarket.ts";

const NOW = 1_700_000_000_000;
const view: ScreenerView = { timeframe: "24h", nowMs: NOW };
const pepe = testMarket({
  chain: "evm:8453",
  address: "0x00000000000000000000000000000000000000a1",
  name: "Pepe Coin",
  symbol: "PEPE",
  pool: { address: "0x00000000000000000000000000000000000000b1", type: "UNISWAP_V3", quoteSymbol: "WETH" },
  priceNative: "0.0005",
  priceUsd: 1.5,
  marketCapUsd: 1_500_000,
  liquidityUsd: 80_000,
  createdAt: NOW - 3_600_000,
  stats: {
    "5m": { volumeUsd: 100, buys: 1, sells: 0, txns: 1, feesUsd: 0.5, priceChangePct: 1 },
    "1h": { volumeUsd: 2_000, buys: 10, sells: 5, txns: 15, feesUsd: 4, priceChangePct: -3 },
    "24h": { volumeUsd: 50_000, buys: 300, sells: 200, txns: 500, feesUsd: 90, priceChangePct: 12.5 },
  },
});
const unknown = testMarket({ name: null, symbol: null, stats: { "24h": { volumeUsd: null } } });

const passes = (filter: unknown, m = pepe, v = view): boolean =>
  evaluateScreenerFilter(parseScreenerFilter(filter, v.timeframe), m, v) === true;
const refusal = (filter: unknown): Record<string, unknown> => {
  try {
    parseScreenerFilter(filter, "24h");
  } catch (err) {
    expect(err).toBeInstanceOf(InvalidParamError);
    const e = err as InvalidParamError;
    expect(e.status).toBe(400);
    expect(e.code).toBe("INVALID_PARAM");
    return e.details ?? {};
  }
  throw new Error(`filter was accepted: ${JSON.stringify(filter)}`);
};

describe("parseScreenerFilter and evaluateScreenerFilter", () => {
  it("applies every numeric operator", () => {
    expect(passes({ priceUsd: { equals: 1.5 } })).toBe(true);
    expect(passes({ priceUsd: { equals: 1.4 } })).toBe(false);
    expect(passes({ priceUsd: { not: 1.4 } })).toBe(true);
    expect(passes({ priceUsd: { not: 1.5 } })).toBe(false);
    expect(passes({ liquidityUsd: { in: [1, 80_000] } })).toBe(true);
    expect(passes({ liquidityUsd: { in: [1, 2] } })).toBe(false);
    expect(passes({ marketCapUsd: { gt: 1_499_999 } })).toBe(true);
    expect(passes({ marketCapUsd: { gt: 1_500_000 } })).toBe(false);
    expect(passes({ marketCapUsd: { gte: 1_500_000 } })).toBe(true);
    expect(passes({ marketCapUsd: { lt: 1_500_000 } })).toBe(false);
    expect(passes({ marketCapUsd: { lte: 1_500_000 } })).toBe(true);
    expect(passes({ priceNative: { gt: "0.0004" } })).toBe(true);
    expect(passes({ priceNative: { lt: 0.0004 } })).toBe(false);
  });

  it("applies every text operator, ignoring case", () => {
    expect(passes({ symbol: { equals: "pepe" } })).toBe(true);
    expect(passes({ symbol: { not: "PEPE" } })).toBe(false);
    expect(passes({ symbol: { in: ["DOGE", "Pepe"] } })).toBe(true);
    expect(passes({ name: { contains: "E CO" } })).toBe(true);
    expect(passes({ name: { contains: "doge" } })).toBe(false);
    expect(passes({ name: { startsWith: "pepe" } })).toBe(true);
    expect(passes({ name: { endsWith: "coin" } })).toBe(true);
    expect(passes({ name: { endsWith: "pepe" } })).toBe(false);
  });

  it("reads every listed field under its canonical and row-shaped names", () => {
    const same: [string, string, unknown][] = [
      ["address", "token.address", pepe.address],
      ["name", "token.name", "Pepe Coin"],
      ["symbol", "token.symbol", "PEPE"],
      ["pool.type", "type", "UNISWAP_V3"],
      ["pool.quoteAddress", "quote.address", pepe.pool.quoteAddress],
      ["pool.quoteSymbol", "quote.symbol", "WETH"],
      ["windows.24h.volumeUsd", "volume24hUsd", 50_000],
      ["windows.24h.priceChangePct", "priceChange24hPct", 12.5],
    ];
    for (const [canonical, alias, value] of same) {
      expect(passes({ [canonical]: { equals: value } }), canonical).toBe(true);
      expect(passes({ [alias]: { equals: value } }), alias).toBe(true);
      expect(canonicalFilter(parseScreenerFilter({ [alias]: { equals: value } }, "24h"))).toBe(
        canonicalFilter(parseScreenerFilter({ [canonical]: { equals: value } }, "24h")),
      );
    }
    expect(passes({ chain: { equals: "evm:8453" } })).toBe(true);
    expect(passes({ "pool.address": { equals: pepe.pool.address } })).toBe(true);
    expect(passes({ createdAt: { equals: NOW - 3_600_000 } })).toBe(true);
    expect(passes({ ageSeconds: { equals: 3_600 } })).toBe(true);
    for (const w of STATS_WINDOWS) {
      for (const c of SCREENER_COUNTERS) {
        const v = pepe.stats[w][c];
        if (v === null) {
          expect(passes({ [`windows.${w}.${c}`]: { gte: 0 } })).toBe(false);
          continue;
        }
        expect(passes({ [`windows.${w}.${c}`]: { equals: v } }), `${w}.${c}`).toBe(true);
        expect(passes({ [`stats.${w}.${c}`]: { equals: v } }), `stats ${w}.${c}`).toBe(true);
      }
    }
  });

  it("reads the bare counters over the timeframe", () => {
    for (const w of STATS_WINDOWS) {
      const v: ScreenerView = { timeframe: w, nowMs: NOW };
      for (const c of SCREENER_COUNTERS) {
        const expected = pepe.stats[w][c];
        if (expected === null) continue;
        expect(passes({ [c]: { equals: expected } }, pepe, v), `${w} ${c}`).toBe(true);
      }
    }
    expect(passes({ txns: { equals: 15 } }, pepe, { timeframe: "1h", nowMs: NOW })).toBe(true);
    expect(passes({ txns: { equals: 15 } }, pepe, { timeframe: "24h", nowMs: NOW })).toBe(false);
  });

  it("combines AND, OR and NOT at any depth, and several keys or operators as AND", () => {
    expect(passes({ AND: [{ symbol: { equals: "PEPE" } }, { txns: { gt: 100 } }] })).toBe(true);
    expect(passes({ AND: [{ symbol: { equals: "PEPE" } }, { txns: { gt: 1000 } }] })).toBe(false);
    expect(passes({ OR: [{ symbol: { equals: "DOGE" } }, { txns: { gt: 100 } }] })).toBe(true);
    expect(passes({ OR: [{ symbol: { equals: "DOGE" } }, { txns: { gt: 1000 } }] })).toBe(false);
    expect(passes({ NOT: { symbol: { equals: "DOGE" } } })).toBe(true);
    expect(passes({ NOT: [{ symbol: { equals: "PEPE" } }, { txns: { gt: 1000 } }] })).toBe(true);
    expect(passes({ symbol: { equals: "PEPE" }, txns: { gt: 1000 } })).toBe(false);
    expect(passes({ priceUsd: { gt: 1, lt: 2 } })).toBe(true);
    expect(passes({ priceUsd: { gt: 1, lt: 1.2 } })).toBe(false);
    const deep = {
      OR: [
        { NOT: { OR: [{ name: { contains: "pepe" } }, { liquidityUsd: { lt: 10 } }] } },
        { AND: [{ "pool.type": { in: ["UNISWAP_V3"] } }, { NOT: { "windows.5m.buys": { equals: 0 } } }] },
      ],
    };
    expect(passes(deep)).toBe(true);
    expect(
      passes(
        deep,
        testMarket({ name: "pepe 2", pool: { type: "UNISWAP_V3" }, stats: { "5m": { buys: 0 } } }),
      ),
    ).toBe(false);
  });

  it("never lets an unknown value pass a numeric bound, negated or not", () => {
    for (const op of ["equals", "not", "gt", "gte", "lt", "lte"]) {
      expect(passes({ priceUsd: { [op]: 0 } }, unknown), op).toBe(false);
      expect(passes({ NOT: { priceUsd: { [op]: 0 } } }, unknown), `NOT ${op}`).toBe(false);
    }
    expect(passes({ volumeUsd: { gte: 0 } }, unknown)).toBe(false);
    expect(passes({ NOT: { NOT: { ageSeconds: { gte: 0 } } } }, unknown)).toBe(false);
    expect(passes({ OR: [{ priceUsd: { gt: 0 } }, { chain: { equals: "evm:1" } }] }, unknown)).toBe(true);
    expect(passes({ AND: [{ priceUsd: { gt: 0 } }, { chain: { equals: "evm:2" } }] }, unknown)).toBe(false);
    expect(passes({ symbol: { not: "X" } }, unknown)).toBe(false);
  });

  it("refuses unknown fields, operators and malformed values with details.field and details.reason", () => {
    expect(refusal({ holders: { gt: 1 } })).toEqual({
      param: "filters",
      field: "holders",
      reason: "unknown_field",
    });
    expect(refusal({ "windows.4h.volumeUsd": { gt: 1 } })).toMatchObject({
      field: "windows.4h.volumeUsd",
      reason: "unknown_field",
    });
    expect(refusal({ "windows.1h.makers": { gt: 1 } })).toMatchObject({ reason: "unknown_field" });
    expect(refusal({ and: [] })).toMatchObject({ field: "and", reason: "unknown_field" });
    expect(refusal({ priceUsd: { above: 1 } })).toMatchObject({
      field: "priceUsd",
      reason: "unknown_operator",
    });
    expect(refusal({ priceUsd: { contains: "1" } })).toMatchObject({ reason: "operator_not_allowed" });
    expect(refusal({ symbol: { gt: 1 } })).toMatchObject({ field: "symbol", reason: "operator_not_allowed" });
    expect(refusal({ priceUsd: { gt: "x" } })).toMatchObject({ reason: "invalid_value" });
    expect(refusal({ priceUsd: { gt: null } })).toMatchObject({ reason: "invalid_value" });
    expect(refusal({ priceUsd: { in: [] } })).toMatchObject({ reason: "invalid_value" });
    expect(refusal({ priceUsd: { in: 3 } })).toMatchObject({ reason: "invalid_value" });
    expect(refusal({ symbol: { equals: 3 } })).toMatchObject({ reason: "invalid_value" });
    expect(refusal({ symbol: { contains: "" } })).toMatchObject({ reason: "invalid_value" });
    expect(refusal({ priceUsd: 3 })).toMatchObject({ field: "priceUsd", reason: "invalid_value" });
    expect(refusal({ priceUsd: {} })).toMatchObject({ reason: "empty" });
    expect(refusal({})).toMatchObject({ field: null, reason: "empty" });
    expect(refusal({ OR: [] })).toMatchObject({ field: "OR", reason: "empty" });
    expect(refusal({ OR: { symbol: { equals: "a" } } })).toMatchObject({
      field: "OR",
      reason: "invalid_value",
    });
    expect(refusal({ AND: [3] })).toMatchObject({ field: "AND", reason: "not_an_object" });
    expect(refusal("[1]")).toMatchObject({ field: null, reason: "not_an_object" });
    expect(refusal("{not json")).toMatchObject({ field: null, reason: "malformed_json" });
  });

  it("bounds depth, size, lists and texts", () => {
    let deep: unknown = { txns: { gt: 1 } };
    for (let i = 0; i < FILTER_LIMITS.maxDepth; i++) deep = { NOT: deep };
    expect(() => parseScreenerFilter(deep, "24h")).not.toThrow();
    expect(refusal({ NOT: deep })).toMatchObject({ reason: "too_deep" });
    const wide = { OR: Array.from({ length: FILTER_LIMITS.maxNodes }, (_, i) => ({ txns: { gt: i } })) };
    expect(refusal(wide)).toMatchObject({ reason: "too_large" });
    expect(
      refusal({ txns: { in: Array.from({ length: FILTER_LIMITS.maxInValues + 1 }, (_, i) => i) } }),
    ).toMatchObject({
      reason: "invalid_value",
    });
    expect(refusal({ name: { contains: "x".repeat(FILTER_LIMITS.maxTextChars + 1) } })).toMatchObject({
      reason: "invalid_value",
    });
    expect(refusal(" ".repeat(FILTER_LIMITS.maxChars + 1))).toMatchObject({ reason: "too_large" });
  });

  it("turns flat filters into inclusive bounds (ages in minutes, counters over the timeframe)", () => {
    const v1h: ScreenerView = { timeframe: "1h", nowMs: NOW };
    const all = (flat: Parameters<typeof flatScreenerFilters>[0], v = view): boolean =>
      flatScreenerFilters(flat, v.timeframe).every(
        (n: FilterNode) => evaluateScreenerFilter(n, pepe, v) === true,
      );
    expect(all({ ageMin: 60, ageMax: 60 })).toBe(true);
    expect(all({ ageMin: 61 })).toBe(false);
    expect(
      all({ liquidityMin: 80_000, liquidityMax: 80_000, marketCapMin: 1_500_000, marketCapMax: 1_500_000 }),
    ).toBe(true);
    expect(
      all({ volumeMin: 50_000, volumeMax: 50_000, feesMin: 90, feesMax: 90, txnsMin: 500, txnsMax: 500 }),
    ).toBe(true);
    expect(all({ volumeMin: 50_000 }, v1h)).toBe(false);
    expect(all({ volumeMin: 2_000, volumeMax: 2_000, txnsMin: 15, txnsMax: 15, feesMax: 4 }, v1h)).toBe(true);
    expect(all({ liquidityMin: 0 }, view)).toBe(true);
    expect(
      flatScreenerFilters({ liquidityMin: 0 }, "24h").every(
        (n) => evaluateScreenerFilter(n, unknown, view) === true,
      ),
    ).toBe(false);
  });
});

/** A small deterministic generator for the fuzz test. */
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

describe("fuzzed filter trees", () => {
  const FIELDS = [
    "chain",
    "address",
    "name",
    "symbol",
    "priceNative",
    "priceUsd",
    "marketCapUsd",
    "liquidityUsd",
    "createdAt",
    "ageSeconds",
    "pool.address",
    "pool.type",
    "pool.quoteAddress",
    "pool.quoteSymbol",
    "volumeUsd",
    "feesUsd",
    "buys",
    "sells",
    "txns",
    "priceChangePct",
    "windows.5m.txns",
    "stats.6h.volumeUsd",
    "token.symbol",
    "type",
    "volume24hUsd",
    "priceChange24hPct",
    "holders",
    "windows.2h.txns",
    "",
    "__proto__",
    "constructor",
    "AND",
  ];
  const OPS = [
    "equals",
    "not",
    "in",
    "gt",
    "gte",
    "lt",
    "lte",
    "contains",
    "startsWith",
    "endsWith",
    "like",
    "",
    "__proto__",
  ];
  const NUMERIC = [
    "priceNative",
    "priceUsd",
    "marketCapUsd",
    "liquidityUsd",
    "createdAt",
    "ageSeconds",
    "volumeUsd",
    "txns",
    "windows.1h.buys",
    "stats.5m.priceChangePct",
    "volume24hUsd",
  ];
  const TEXTUAL = [
    "chain",
    "address",
    "name",
    "symbol",
    "pool.type",
    "quote.symbol",
    "token.address",
    "pool.quoteAddress",
  ];
  const VALUES: unknown[] = [
    0,
    -1,
    1.5,
    1e308,
    "1",
    "abc",
    "",
    null,
    true,
    [],
    [1, "a"],
    {},
    { gt: 1 },
    "x".repeat(300),
    Number.NaN,
  ];

  it("parse either accepts a tree, which evaluates to true, false or unknown, or refuses it with INVALID_PARAM", () => {
    const r = rng(15);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
    const gen = (depth: number): unknown => {
      const roll = r();
      if (depth > 0 && roll < 0.35) {
        const group = pick(["AND", "OR", "NOT"]);
        const n = r() < 0.1 ? 0 : 1 + Math.floor(r() * 3);
        const kids = Array.from({ length: n }, () => gen(depth - 1));
        return { [group]: group === "NOT" && r() < 0.5 ? (kids[0] ?? {}) : kids };
      }
      if (roll < 0.38) return pick(VALUES);
      const tree: Record<string, unknown> = {};
      const keys = 1 + Math.floor(r() * 2);
      for (let k = 0; k < keys; k++) {
        if (r() < 0.7) {
          // a well-formed comparison, so deep valid trees are common too
          const numeric = r() < 0.6;
          const field = numeric ? pick(NUMERIC) : pick(TEXTUAL);
          const op = numeric
            ? pick(["equals", "not", "gt", "gte", "lt", "lte", "in"])
            : pick(["equals", "not", "contains", "startsWith", "endsWith", "in"]);
          const value = () =>
            numeric
              ? Math.round((r() - 0.3) * 1e6) / 10
              : pick(["pe", "PEPE", "0x", "uniswap_v3", "weth", "evm:1"]);
          tree[field] = { [op]: op === "in" ? [value(), value()] : value() };
          continue;
        }
        const ops: Record<string, unknown> = {};
        for (let o = 0; o < 1 + Math.floor(r() * 2); o++)
          ops[pick(OPS)] = r() < 0.3 ? [pick(VALUES), pick(VALUES)] : pick(VALUES);
        tree[pick(FIELDS)] = r() < 0.05 ? pick(VALUES) : ops;
      }
      return tree;
    };
    const markets = [pepe, unknown, testMarket()];
    let accepted = 0;
    for (let i = 0; i < 3_000; i++) {
      const tree = gen(1 + Math.floor(r() * 10));
      const input = r() < 0.5 ? (JSON.stringify(tree) ?? "null") : tree;
      try {
        const node = parseScreenerFilter(input, pick(STATS_WINDOWS));
        accepted += 1;
        for (const m of markets) expect([true, false, null]).toContain(evaluateScreenerFilter(node, m, view));
        expect(typeof canonicalFilter(node)).toBe("string");
      } catch (err) {
        if (!(err instanceof InvalidParamError)) throw err;
        expect(err.details).toMatchObject({ param: "filters" });
        expect(typeof err.details?.["reason"]).toBe("string");
        expect("field" in (err.details ?? {})).toBe(true);
      }
    }
    expect(accepted).toBeGreaterThan(100);
  });
});
