import { STATS_WINDOWS, type StatsWindow } from "../ports/marketQueries.ts";
import type { ScreenerWindowStats, UniverseMarket } from "./universeTypes.ts";

/** The windowed figures a filter or sort may name (`windows.<w>.<field>` and the bare counters). */
export const SCREENER_COUNTERS = ["volumeUsd", "feesUsd", "buys", "sells", "txns", "priceChangePct"] as const;
export type ScreenerCounter = (typeof SCREENER_COUNTERS)[number];

/** What a request evaluates against: the window behind the bare counters, and the clock for ages. */
export type ScreenerView = { timeframe: StatsWindow; nowMs: number };

/** A resolved field: its canonical name, kind and how to read it from a market. */
export type ScreenerField =
  | { name: string; kind: "number"; get(m: UniverseMarket, view: ScreenerView): number | null }
  | { name: string; kind: "text"; get(m: UniverseMarket, view: ScreenerView): string | null };

const num = (name: string, get: (m: UniverseMarket, v: ScreenerView) => number | null): ScreenerField => ({
  name,
  kind: "number",
  get,
});
const text = (name: string, get: (m: UniverseMarket) => string | null): ScreenerField => ({
  name,
  kind: "text",
  get,
});
const finite = (v: number | null): number | null => (v !== null && Number.isFinite(v) ? v : null);
const counter = (s: ScreenerWindowStats, c: ScreenerCounter): number | null => finite(s[c]);

/** Fields that do not depend on a window, by canonical name. */
const PLAIN: ReadonlyMap<string, ScreenerField> = new Map(
  [
    text("chain", (m) => m.chain),
    text("address", (m) => m.address),
    text("name", (m) => m.name),
    text("symbol", (m) => m.symbol),
    text("pool.address", (m) => m.pool.address),
    text("pool.type", (m) => m.pool.type),
    text("pool.quoteAddress", (m) => m.pool.quoteAddress),
    text("pool.quoteSymbol", (m) => m.pool.quoteSymbol),
    num("priceNative", (m) => (m.priceNative === null ? null : finite(Number(m.priceNative)))),
    num("priceUsd", (m) => finite(m.priceUsd)),
    num("marketCapUsd", (m) => finite(m.marketCapUsd)),
    num("liquidityUsd", (m) => finite(m.liquidityUsd)),
    num("createdAt", (m) => m.createdAt),
    num("ageSeconds", (m, v) =>
      m.createdAt === null ? null : Math.max(0, Math.floor((v.nowMs - m.createdAt) / 1000)),
    ),
  ].map((f) => [f.name, f]),
);

/** Row-shaped names accepted beside the canonical ones. */
const ALIASES: ReadonlyMap<string, string> = new Map([
  ["token.address", "address"],
  ["token.name", "name"],
  ["token.symbol", "symbol"],
  ["type", "pool.type"],
  ["quote.address", "pool.quoteAddress"],
  ["quote.symbol", "pool.quoteSymbol"],
  ["volume24hUsd", "windows.24h.volumeUsd"],
  ["priceChange24hPct", "windows.24h.priceChangePct"],
]);

const isWindow = (w: string): w is StatsWindow => (STATS_WINDOWS as readonly string[]).includes(w);
const isCounter = (c: string): c is ScreenerCounter => (SCREENER_COUNTERS as readonly string[]).includes(c);

const windowed = (w: StatsWindow, c: ScreenerCounter): ScreenerField =>
  num(`windows.${w}.${c}`, (m) => counter(m.stats[w], c));
const WINDOWED: ReadonlyMap<string, ScreenerField> = new Map(
  STATS_WINDOWS.flatMap((w) => SCREENER_COUNTERS.map((c) => [`windows.${w}.${c}`, windowed(w, c)] as const)),
);

/**
 * Resolves a field name of a filter or `sortBy`: a canonical name, a row-shaped alias
 * (`token.address`, `stats.<w>.<field>`, `volume24hUsd` …) or a bare counter, which reads the
 * request's `timeframe`.
 * @returns the field, or null when the name is unknown.
 */
export function resolveScreenerField(name: string, timeframe: StatsWindow): ScreenerField | null {
  // Maps, not objects: a field named "constructor" or "__proto__" must not reach a prototype.
  const canonical = ALIASES.get(name) ?? name;
  const plain = PLAIN.get(canonical);
  if (plain) return plain;
  if (isCounter(canonical)) return WINDOWED.get(`windows.${timeframe}.${canonical}`) ?? null;
  const parts = canonical.split(".");
  if (parts.length === 3 && (parts[0] === "windows" || parts[0] === "stats")) {
    const [, w = "", c = ""] = parts;
    if (isWindow(w) && isCounter(c)) return WINDOWED.get(`windows.${w}.${c}`) ?? null;
  }
  return null;
}
