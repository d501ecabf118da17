import type { WindowStats } from "@tapeline/core";

/** The figures of a window that add up across markets, and the pricing market's price change. */
export type WindowTotals = Omit<WindowStats, "makers">;

/**
 * One window's totals over several markets from each market's own figures: counts and native
 * volumes add up; the price change is the pricing market's. USD volume is valued as one read
 * over all the markets values it: at the spot rate on EVM (`spotUsd`, null when unknown), and
 * on Solana as the sum of the trades whose minute has a known rate (a market whose every trade
 * lacks one reports null and adds nothing), null when no traded market knows any, 0 with no
 * volume. Distinct makers do not add up across markets, so they are left out.
 */
export function addWindowTotals(
  parts: readonly WindowStats[],
  priceChangePct: number | null,
  usd: { solana: boolean; spotUsd: number | null },
): WindowTotals {
  let volumeNative = 0;
  let buyVolumeNative = 0;
  let sellVolumeNative = 0;
  let buys = 0;
  let sells = 0;
  let known: number | null = null;
  for (const p of parts) {
    volumeNative += p.volumeNative;
    buyVolumeNative += p.buyVolumeNative;
    sellVolumeNative += p.sellVolumeNative;
    buys += p.buys;
    sells += p.sells;
    if (p.volumeNative > 0 && p.volumeUsd !== null) known = (known ?? 0) + p.volumeUsd;
  }
  const volumeUsd = usd.solana
    ? volumeNative === 0
      ? 0
      : known
    : usd.spotUsd === null
      ? null
      : volumeNative * usd.spotUsd;
  return {
    volumeNative,
    volumeUsd,
    buyVolumeNative,
    sellVolumeNative,
    buys,
    sells,
    txns: buys + sells,
    priceChangePct,
  };
}
