import type { ChainId, TradeRow } from "@tapeline/core";
import type { WalletBadgeReader } from "./createWalletBadgeCache.ts";
import type { TokenLaunch } from "./readLaunchLabels.ts";

/**
 * Fills the tape's badges in place: `isSniper` (the maker is a sniper of the token's launch; null
 * when the token has no stored market) and `isProTrader` (the maker's badge; null until the
 * badge job has judged the wallet).
 */
export async function labelTradeRows(
  readBadges: WalletBadgeReader,
  chain: ChainId,
  launch: TokenLaunch | null,
  rows: TradeRow[],
): Promise<void> {
  if (rows.length === 0) return;
  const badges = await readBadges(
    chain,
    rows.map((r) => r.maker),
  );
  for (const r of rows) {
    r.isSniper = launch === null ? null : launch.snipers.has(r.maker);
    r.isProTrader = badges.get(r.maker)?.proTrader ?? null;
  }
}
