import type { CostBasis } from "./foldCostBasis.ts";

/** The PnL figures of an open position row (see README.md). */
export type PositionFigures = {
  entryPriceUsd: number | null;
  entryPriceLifetimeUsd: number | null;
  exitPriceUsd: number | null;
  realizedPnlUsd: number;
  unrealizedPnlUsd: number | null;
  totalPnlUsd: number;
  buyFeesUsd: number | null;
  sellFeesUsd: number | null;
  totalFeesUsd: number | null;
};

/** USD per whole token from a value and a raw amount; null without priced tokens. */
export function unitPrice(valueUsd: number, raw: bigint, decimals: number): number | null {
  if (raw <= 0n) return null;
  return valueUsd / (Number(raw) / 10 ** decimals);
}

/**
 * A position's figures from its cost basis, its on-chain balance and the value of that balance.
 * The cost basis covers at most the balance: the part of the balance beyond the bag was received
 * (no cost, left out of PnL); a bag beyond the balance (tokens sent away) keeps the cost of what
 * is left only. Unrealized PnL is the value of the covered priced tokens minus their cost, null
 * when the value is unknown.
 * @param amountUsd proceeds of selling the whole balance, null when unknown
 */
export function positionFigures(
  basis: CostBasis,
  decimals: number,
  balanceRaw: bigint,
  amountUsd: number | null,
): PositionFigures {
  const covered = basis.bagRaw < balanceRaw ? basis.bagRaw : balanceRaw;
  let unrealized: number | null = null;
  if (amountUsd !== null) {
    if (basis.bagRaw === 0n || balanceRaw === 0n) unrealized = 0;
    else {
      // the covered share of the bag, and of it the tokens carrying a cost
      const ratio = Number(covered) / Number(basis.bagRaw);
      const pricedCovered = Number(basis.bagPricedRaw) * ratio;
      unrealized = amountUsd * (pricedCovered / Number(balanceRaw)) - basis.bagCostUsd * ratio;
    }
  }
  const fees =
    basis.buyFeesUsd === null || basis.sellFeesUsd === null ? null : basis.buyFeesUsd + basis.sellFeesUsd;
  return {
    entryPriceUsd: unitPrice(basis.bagCostUsd, basis.bagPricedRaw, decimals),
    entryPriceLifetimeUsd: unitPrice(basis.boughtUsd, basis.pricedBoughtRaw, decimals),
    exitPriceUsd: unitPrice(basis.soldUsd, basis.pricedSoldRaw, decimals),
    realizedPnlUsd: basis.realizedUsd,
    unrealizedPnlUsd: unrealized,
    totalPnlUsd: basis.realizedUsd + (unrealized ?? 0),
    buyFeesUsd: basis.buyFeesUsd,
    sellFeesUsd: basis.sellFeesUsd,
    totalFeesUsd: fees,
  };
}
