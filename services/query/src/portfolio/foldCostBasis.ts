/**
 * One trade event of a wallet on a token (a `wallet_trades` row with its values), in chain order.
 * `valueNative`/`valueUsd` are what the wallet paid (buy) or got (sell), null when unknown;
 * `feeNative`/`feeUsd` its share of the transaction's fees, null when unknown.
 */
export type CostTrade = {
  at: number;
  isBuy: boolean;
  /** raw token units */
  amount: bigint;
  valueNative: number | null;
  valueUsd: number | null;
  feeNative: number | null;
  feeUsd: number | null;
};

/** A sum that is null as soon as one of its terms is unknown. */
type KnownSum = number | null;

/**
 * A wallet's cost basis on one token, folded from its trades by the rules of this folder's
 * README: an average-cost bag that resets after a full exit, lifetime totals, realized PnL.
 */
export type CostBasis = {
  buys: number;
  sells: number;
  boughtRaw: bigint;
  soldRaw: bigint;
  boughtUsd: number;
  soldUsd: number;
  boughtNative: number;
  soldNative: number;
  /** tokens and value of the buys whose value is known (the lifetime entry's terms) */
  pricedBoughtRaw: bigint;
  pricedSoldRaw: bigint;
  realizedUsd: number;
  realizedNative: number;
  /** the current bag: tokens bought and not yet sold, and what they cost */
  bagRaw: bigint;
  bagCostUsd: number;
  bagCostNative: number;
  /** tokens of the bag carrying a cost (a buy of unknown value adds none) */
  bagPricedRaw: bigint;
  holdingSince: number | null;
  firstTradeAt: number | null;
  lastTradeAt: number | null;
  buyFeesUsd: KnownSum;
  sellFeesUsd: KnownSum;
  buyFeesNative: KnownSum;
  sellFeesNative: KnownSum;
};

const addKnown = (sum: KnownSum, term: number | null): KnownSum =>
  sum === null || term === null ? null : sum + term;

/** The share `part / whole` of an amount, exact enough for money (both raw bigints). */
const share = (part: bigint, whole: bigint): number =>
  whole === 0n ? 0 : part === whole ? 1 : Number((part * 1_000_000_000_000n) / whole) / 1e12;

/** The cost basis of a wallet that has not traded the token yet. */
export function emptyCostBasis(): CostBasis {
  return {
    buys: 0,
    sells: 0,
    boughtRaw: 0n,
    soldRaw: 0n,
    boughtUsd: 0,
    soldUsd: 0,
    boughtNative: 0,
    soldNative: 0,
    pricedBoughtRaw: 0n,
    pricedSoldRaw: 0n,
    realizedUsd: 0,
    realizedNative: 0,
    bagRaw: 0n,
    bagCostUsd: 0,
    bagCostNative: 0,
    bagPricedRaw: 0n,
    holdingSince: null,
    firstTradeAt: null,
    lastTradeAt: null,
    buyFeesUsd: 0,
    sellFeesUsd: 0,
    buyFeesNative: 0,
    sellFeesNative: 0,
  };
}

/**
 * Applies one trade, the next in chain order, to a cost basis (in place), by the rules of this
 * folder's README:
 * - a buy adds its tokens and value to the bag (a buy of unknown value adds tokens without cost);
 *   a buy into an empty bag opens a new one (`holdingSince`);
 * - a sell takes tokens out of the bag, at most the bag: the sold part covered by the bag
 *   realizes its share of the proceeds minus its share of the bag's cost, which leaves the bag
 *   pro rata; tokens sold beyond the bag were received, not bought, and realize nothing;
 * - a bag emptied by sells resets (cost 0, `holdingSince` null).
 */
export function applyCostTrade(b: CostBasis, t: CostTrade): void {
  b.firstTradeAt ??= t.at;
  b.lastTradeAt = t.at;
  if (t.isBuy) {
    b.buys++;
    b.boughtRaw += t.amount;
    b.buyFeesUsd = addKnown(b.buyFeesUsd, t.feeUsd);
    b.buyFeesNative = addKnown(b.buyFeesNative, t.feeNative);
    if (b.bagRaw === 0n && t.amount > 0n) b.holdingSince = t.at;
    b.bagRaw += t.amount;
    if (t.valueUsd !== null && t.valueNative !== null) {
      b.boughtUsd += t.valueUsd;
      b.boughtNative += t.valueNative;
      b.pricedBoughtRaw += t.amount;
      b.bagCostUsd += t.valueUsd;
      b.bagCostNative += t.valueNative;
      b.bagPricedRaw += t.amount;
    }
    return;
  }
  b.sells++;
  b.soldRaw += t.amount;
  b.sellFeesUsd = addKnown(b.sellFeesUsd, t.feeUsd);
  b.sellFeesNative = addKnown(b.sellFeesNative, t.feeNative);
  const known = t.valueUsd !== null && t.valueNative !== null;
  if (known) {
    b.soldUsd += t.valueUsd!;
    b.soldNative += t.valueNative!;
    b.pricedSoldRaw += t.amount;
  }
  const covered = t.amount < b.bagRaw ? t.amount : b.bagRaw;
  if (covered === 0n) return;
  // The priced tokens leave the bag in proportion to the sold share, with their cost.
  const out = share(covered, b.bagRaw);
  const pricedOut = covered === b.bagRaw ? b.bagPricedRaw : (b.bagPricedRaw * covered) / b.bagRaw;
  const costUsd = b.bagCostUsd * out;
  const costNative = b.bagCostNative * out;
  if (known && pricedOut > 0n) {
    // proceeds of the priced part of what the bag gave up; the rest had no cost basis
    const part = share(pricedOut, t.amount);
    b.realizedUsd += t.valueUsd! * part - costUsd;
    b.realizedNative += t.valueNative! * part - costNative;
  }
  b.bagRaw -= covered;
  b.bagPricedRaw -= pricedOut;
  b.bagCostUsd -= costUsd;
  b.bagCostNative -= costNative;
  if (b.bagRaw === 0n) {
    b.bagCostUsd = 0;
    b.bagCostNative = 0;
    b.bagPricedRaw = 0n;
    b.holdingSince = null;
  }
}

/**
 * Folds a wallet's trades on one token, oldest first, into its cost basis ({@link applyCostTrade}
 * on each, see README.md).
 * @param trades oldest first (time, block, log index)
 */
export function foldCostBasis(trades: readonly CostTrade[]): CostBasis {
  const b = emptyCostBasis();
  for (const t of trades) applyCostTrade(b, t);
  return b;
}
