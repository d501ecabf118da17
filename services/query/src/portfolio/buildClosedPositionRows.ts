import type { ChainId, WalletClosedPositionRow } from "@tapeline/core";
import type { CostBasis } from "./foldCostBasis.ts";
import type { PortfolioToken } from "./readPortfolioFacts.ts";

/**
 * The closed positions of a wallet on a chain: every token it bought whose bag its sells emptied
 * (see README.md). Realized PnL and totals are the whole history's (a bag reopened later is an
 * open position, and its realized PnL is served there, never here). Tokens of unknown decimals
 * are left out, and so is the native coin traded as a pool's base (it carries no PnL). `realizedPnlPercent` is realized PnL over the USD bought (0 when no buy had a
 * known value).
 */
export function buildClosedPositionRows(
  chain: ChainId,
  nativeAddress: string,
  bases: ReadonlyMap<string, CostBasis>,
  tokens: ReadonlyMap<string, PortfolioToken>,
): WalletClosedPositionRow[] {
  const out: WalletClosedPositionRow[] = [];
  for (const [address, b] of bases) {
    if (b.buys === 0 || b.bagRaw !== 0n || b.lastTradeAt === null || address === nativeAddress) continue;
    const token = tokens.get(address);
    if (!token || token.decimals === null) continue;
    const fees = b.buyFeesUsd === null || b.sellFeesUsd === null ? null : b.buyFeesUsd + b.sellFeesUsd;
    out.push({
      chain,
      address,
      symbol: token.symbol ?? "",
      name: token.name ?? token.symbol ?? "",
      iconUrl: token.iconUrl,
      decimals: token.decimals,
      totalBuyUsd: b.boughtUsd,
      totalSellUsd: b.soldUsd,
      totalBuyNative: b.boughtNative,
      totalSellNative: b.soldNative,
      realizedPnlUsd: b.realizedUsd,
      realizedPnlNative: b.realizedNative,
      realizedPnlPercent: b.boughtUsd > 0 ? (b.realizedUsd / b.boughtUsd) * 100 : 0,
      buyCount: b.buys,
      sellCount: b.sells,
      lastTradeAt: b.lastTradeAt,
      buyFeesUsd: b.buyFeesUsd,
      sellFeesUsd: b.sellFeesUsd,
      totalFeesUsd: fees,
    });
  }
  return out;
}
