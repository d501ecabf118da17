import { formatUnits } from "@tapeline/core";
import type { TimedBalance } from "./readBalanceHistory.ts";

export type EquityInput = {
  /** minute starts (ms), ascending */
  points: readonly number[];
  /** each token's balance before the first point's minute (raw) */
  opening: ReadonlyMap<string, bigint>;
  /** the changes from the first point's minute on, in chain order */
  changes: readonly TimedBalance[];
  decimals: (token: string) => number | null;
  /** USD per whole token at the end of point `i`'s minute; null when unknown */
  unitUsd: (token: string, i: number) => number | null;
};

export type EquityValues = {
  /** per point: the held tokens of known price, valued */
  values: number[];
  /** tokens held (positive balance) at some point whose price or decimals were unknown there */
  unvalued: Set<string>;
  /** points that left out such a token */
  partialPoints: number;
};

/**
 * A wallet's value at each point (pure): its balances at the end of the point's minute (the
 * opening balances moved by every change before the next minute) times each token's USD price
 * there. A token of unknown price or decimals is left out of that point's value, never counted
 * as worth zero, and reported in `unvalued`.
 */
export function buildEquityPoints(input: EquityInput): EquityValues {
  const balances = new Map(input.opening);
  const unvalued = new Set<string>();
  const values: number[] = [];
  let partialPoints = 0;
  let next = 0;
  input.points.forEach((at, i) => {
    for (; next < input.changes.length && input.changes[next]!.at < at + 60_000; next++) {
      const c = input.changes[next]!;
      balances.set(c.token, c.balance);
    }
    let value = 0;
    let partial = false;
    for (const [token, raw] of balances) {
      if (raw <= 0n) continue;
      const decimals = input.decimals(token);
      const unit = input.unitUsd(token, i);
      if (decimals === null || unit === null) {
        unvalued.add(token);
        partial = true;
        continue;
      }
      value += Number(formatUnits(raw, decimals)) * unit;
    }
    if (partial) partialPoints++;
    values.push(value);
  });
  return { values, unvalued, partialPoints };
}
