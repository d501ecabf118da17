import type { StatsWindow } from "../ports/marketQueries.ts";
import type { FilterNode, FilterOperator } from "./parseScreenerFilter.ts";
import { resolveScreenerField } from "./screenerFields.ts";

/** The flat filter parameters, inclusive bounds: ages in minutes, USD figures, counts. */
export const FLAT_FILTERS = {
  ageMin: ["ageSeconds", "gte", 60],
  ageMax: ["ageSeconds", "lte", 60],
  liquidityMin: ["liquidityUsd", "gte", 1],
  liquidityMax: ["liquidityUsd", "lte", 1],
  marketCapMin: ["marketCapUsd", "gte", 1],
  marketCapMax: ["marketCapUsd", "lte", 1],
  volumeMin: ["volumeUsd", "gte", 1],
  volumeMax: ["volumeUsd", "lte", 1],
  feesMin: ["feesUsd", "gte", 1],
  feesMax: ["feesUsd", "lte", 1],
  txnsMin: ["txns", "gte", 1],
  txnsMax: ["txns", "lte", 1],
} as const satisfies Record<string, readonly [string, FilterOperator, number]>;
export type FlatFilterName = keyof typeof FLAT_FILTERS;
export type FlatFilters = Partial<Record<FlatFilterName, number>>;

/**
 * The comparisons of the flat filters given (volume, fees and txns over `timeframe`), in the
 * order of {@link FLAT_FILTERS}, to be ANDed with the filter tree.
 */
export function flatScreenerFilters(flat: FlatFilters, timeframe: StatsWindow): FilterNode[] {
  const out: FilterNode[] = [];
  for (const [name, [fieldName, op, scale]] of Object.entries(FLAT_FILTERS)) {
    const v = flat[name as FlatFilterName];
    if (v === undefined) continue;
    const field = resolveScreenerField(fieldName, timeframe)!;
    out.push({ kind: "number", field, op, values: [v * scale] });
  }
  return out;
}
