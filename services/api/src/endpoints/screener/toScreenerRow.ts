import type { NewestMarket, StatsWindow, UniverseMarket } from "@tapeline/core";

const identity = (m: NewestMarket) => ({
  chain: m.chain,
  address: m.address,
  name: m.name,
  symbol: m.symbol,
  token: { address: m.address, name: m.name, symbol: m.symbol },
  pool: m.pool,
  type: m.pool.type,
  quote: { address: m.pool.quoteAddress, symbol: m.pool.quoteSymbol },
});

const ageSeconds = (createdAt: number | null, nowMs: number): number | null =>
  createdAt === null ? null : Math.max(0, Math.floor((nowMs - createdAt) / 1000));

/** A universe market as a screener row at `nowMs`, carrying `stats` for `windows` only. */
export function toScreenerRow(m: UniverseMarket, windows: readonly StatsWindow[], nowMs: number) {
  const day = m.stats["24h"];
  return {
    ...identity(m),
    priceNative: m.priceNative,
    priceUsd: m.priceUsd,
    marketCapUsd: m.marketCapUsd,
    liquidityUsd: m.liquidityUsd,
    createdAt: m.createdAt,
    ageSeconds: ageSeconds(m.createdAt, nowMs),
    volume24hUsd: day.volumeUsd,
    priceChange24hPct: day.priceChangePct,
    txns: day.txns,
    buys: day.buys,
    sells: day.sells,
    stats: Object.fromEntries(windows.map((w) => [w, m.stats[w]])),
  };
}

/** A newest-markets row (`sortBy=createdAt`): identity, price and market cap. */
export function toNewestRow(m: NewestMarket) {
  return {
    ...identity(m),
    priceNative: m.priceNative,
    priceUsd: m.priceUsd,
    marketCapUsd: m.marketCapUsd,
    createdAt: m.createdAt,
  };
}

/** A row's JSON split around `ageSeconds`, the one field that moves between requests on one snapshot. */
type RowJson = { head: string; tail: string };
const rowJson = new WeakMap<UniverseMarket, Map<string, RowJson>>();
const newestJson = new WeakMap<NewestMarket, string>();

/**
 * The JSON text of {@link toScreenerRow}, serialized once per market and windows (snapshot markets
 * are immutable per version), with only `ageSeconds` written per request.
 */
export function screenerRowJson(m: UniverseMarket, windows: readonly StatsWindow[], nowMs: number): string {
  const key = windows.join(",");
  let byWindows = rowJson.get(m);
  if (!byWindows) {
    byWindows = new Map();
    rowJson.set(m, byWindows);
  }
  let parts = byWindows.get(key);
  if (!parts) {
    const entries = Object.entries(toScreenerRow(m, windows, nowMs));
    const at = entries.findIndex(([k]) => k === "ageSeconds");
    const head = JSON.stringify(Object.fromEntries(entries.slice(0, at)));
    const tail = JSON.stringify(Object.fromEntries(entries.slice(at + 1)));
    parts = { head: `${head.slice(0, -1)},"ageSeconds":`, tail: `,${tail.slice(1)}` };
    byWindows.set(key, parts);
  }
  return `${parts.head}${ageSeconds(m.createdAt, nowMs)}${parts.tail}`;
}

/** The JSON text of {@link toNewestRow}, serialized once per market. */
export function newestRowJson(m: NewestMarket): string {
  let json = newestJson.get(m);
  if (json === undefined) {
    json = JSON.stringify(toNewestRow(m));
    newestJson.set(m, json);
  }
  return json;
}
