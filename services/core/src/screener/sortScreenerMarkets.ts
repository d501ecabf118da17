import type { StatsWindow } from "../ports/marketQueries.ts";
import { resolveScreenerField, type ScreenerView } from "./screenerFields.ts";
import type { UniverseMarket } from "./universeTypes.ts";

/** A resolved `sortBy`: its canonical name and the value a market ranks on. */
export type ScreenerSort = { name: string; get(m: UniverseMarket, view: ScreenerView): number | null };

/**
 * Resolves `sortBy` (other than `createdAt`, which lists newest markets outside the universe):
 * `trending`, `volume` or `top` (USD volume of `timeframe`), `marketCap`, or any numeric field
 * a filter may name, aliases and bare counters included.
 * @returns null when the name is unknown or not numeric.
 */
export function resolveScreenerSort(sortBy: string, timeframe: StatsWindow): ScreenerSort | null {
  if (sortBy === "trending") return { name: "trending", get: (m) => m.trending };
  const name =
    sortBy === "volume" || sortBy === "top" ? "volumeUsd" : sortBy === "marketCap" ? "marketCapUsd" : sortBy;
  const field = resolveScreenerField(name, timeframe);
  if (field?.kind !== "number") return null;
  return { name: field.name, get: field.get };
}

/**
 * Orders markets on the sort value (`desc` or `asc`), markets whose value is unknown last in both
 * orders, ties broken by chain then pool address so the order is total and every page cut from
 * it is stable.
 */
export function sortScreenerMarkets(
  markets: readonly UniverseMarket[],
  sort: ScreenerSort,
  order: "asc" | "desc",
  view: ScreenerView,
): UniverseMarket[] {
  const keyed = markets.map((m) => {
    const v = sort.get(m, view);
    return { m, v: typeof v === "number" && Number.isFinite(v) ? v : null };
  });
  const sign = order === "asc" ? 1 : -1;
  keyed.sort((a, b) => {
    if (a.v === null || b.v === null) {
      if (a.v !== b.v) return a.v === null ? 1 : -1;
    } else if (a.v !== b.v) {
      return a.v < b.v ? -sign : sign;
    }
    if (a.m.chain !== b.m.chain) return a.m.chain < b.m.chain ? -1 : 1;
    return a.m.pool.address < b.m.pool.address ? -1 : a.m.pool.address > b.m.pool.address ? 1 : 0;
  });
  return keyed.map((k) => k.m);
}
