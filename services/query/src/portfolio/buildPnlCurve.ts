import type { WalletPnlDay, WalletPnlSummary } from "@tapeline/core";
import { applyCostTrade, type CostTrade, emptyCostBasis } from "./foldCostBasis.ts";

export const DAY_MS = 86_400_000;

/** A token's daily closes: `[dayStartMs, native per whole token]`, oldest first. */
export type DailyCloses = readonly (readonly [number, number])[];

export type PnlCurveInput = {
  /** each token's trades over its whole history, oldest first, valued by the chain's USD basis */
  trades: ReadonlyMap<string, readonly CostTrade[]>;
  /** decimals per token (null or absent: unknown) */
  decimals: ReadonlyMap<string, number | null>;
  /** daily closes of each token's main pool, from the last one before `fromDay` on */
  closes: ReadonlyMap<string, DailyCloses>;
  /** USD per native coin at a day's close, for the unrealized value (EVM: spot; Solana: the day's) */
  usdAtClose: (dayStart: number) => number | null;
  /** first and last day of the curve (UTC midnights, ms), inclusive */
  fromDay: number;
  toDay: number;
};

/** The latest close at or before `dayStart` (closes oldest first); null when none. */
export function closeOnOrBefore(closes: DailyCloses | undefined, dayStart: number): number | null {
  if (!closes) return null;
  let lo = 0;
  let hi = closes.length - 1;
  let found: number | null = null;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const c = closes[mid]!;
    if (c[0] <= dayStart) {
      found = c[1];
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

/**
 * A wallet's daily PnL curve (see README.md, "PnL curve"): each token's trades applied in chain
 * order with the cost-basis rules of {@link applyCostTrade}; a day's realized PnL is what its
 * trades added to the tokens' realized PnL, its unrealized PnL is each open bag's priced tokens
 * at the day's close of the token's main pool (USD per native at that close) minus the bag's
 * cost. Open bags whose close (or decimals) is unknown are counted in `unvaluedPositions` and left
 * out of the sum. The summary's wins and losses are the tokens whose sells realized PnL over the
 * curve's days, won when their sum is positive.
 */
export function buildPnlCurve(input: PnlCurveInput): { days: WalletPnlDay[]; summary: WalletPnlSummary } {
  const dayCount = Math.floor((input.toDay - input.fromDay) / DAY_MS) + 1;
  const days: WalletPnlDay[] = Array.from({ length: dayCount }, (_, i) => ({
    at: input.fromDay + i * DAY_MS,
    realizedPnlUsd: 0,
    unrealizedPnlUsd: 0,
    openPositions: 0,
    unvaluedPositions: 0,
    trades: 0,
  }));
  const usd = days.map((d) => input.usdAtClose(d.at));
  let boughtUsd = 0;
  let soldUsd = 0;
  let wins = 0;
  let losses = 0;
  for (const [token, trades] of input.trades) {
    const b = emptyCostBasis();
    const decimals = input.decimals.get(token) ?? null;
    const closes = input.closes.get(token);
    let i = 0;
    while (i < trades.length && trades[i]!.at < input.fromDay) applyCostTrade(b, trades[i++]!);
    let realizedInRange = 0;
    let decided = false;
    for (const day of days) {
      const dayEnd = day.at + DAY_MS;
      for (; i < trades.length && trades[i]!.at < dayEnd; i++) {
        const t = trades[i]!;
        const before = b.realizedUsd;
        // a sell realizes when the bag holds priced tokens and the sale's value is known
        if (!t.isBuy && b.bagPricedRaw > 0n && t.valueUsd !== null && t.valueNative !== null) decided = true;
        applyCostTrade(b, t);
        day.realizedPnlUsd += b.realizedUsd - before;
        realizedInRange += b.realizedUsd - before;
        day.trades++;
        if (t.valueUsd !== null && t.valueNative !== null) {
          if (t.isBuy) boughtUsd += t.valueUsd;
          else soldUsd += t.valueUsd;
        }
      }
      if (b.bagRaw === 0n) continue;
      day.openPositions++;
      if (b.bagPricedRaw === 0n) continue;
      const close = closeOnOrBefore(closes, day.at);
      const rate = usd[(day.at - input.fromDay) / DAY_MS]!;
      if (close === null || rate === null || decimals === null) {
        day.unvaluedPositions++;
        continue;
      }
      day.unrealizedPnlUsd += (Number(b.bagPricedRaw) / 10 ** decimals) * close * rate - b.bagCostUsd;
    }
    if (decided) {
      if (realizedInRange > 0) wins++;
      else losses++;
    }
  }
  const realized = days.reduce((a, d) => a + d.realizedPnlUsd, 0);
  const unrealized = days.at(-1)?.unrealizedPnlUsd ?? 0;
  return {
    days,
    summary: {
      realizedPnlUsd: realized,
      unrealizedPnlUsd: unrealized,
      totalPnlUsd: realized + unrealized,
      boughtUsd,
      soldUsd,
      trades: days.reduce((a, d) => a + d.trades, 0),
      wins,
      losses,
      winRatePct: wins + losses > 0 ? (wins / (wins + losses)) * 100 : null,
    },
  };
}
