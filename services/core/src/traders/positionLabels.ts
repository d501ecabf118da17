/**
 * The labels of a wallet's position on a token (`labels` of `GET /v1/wallet/positions`), from
 * the same definitions as the top traders and the trade tape. Rules and thresholds are
 * documented in this folder's README.
 */

/** whale: the wallet traded at least this much USD of the token over the last 30 days. */
export const WHALE_MIN_VOLUME_USD_30D = 500_000;
/** The whale rule's period. */
export const WHALE_WINDOW_MS = 30 * 86_400_000;

/** Labels in the order they are served. */
export const POSITION_LABELS = ["dev", "sniper", "bundler", "whale", "proTrader", "smartTrader"] as const;
export type PositionLabel = (typeof POSITION_LABELS)[number];

/** What one position is labelled from; an unknown fact (null) gives no label. */
export type PositionLabelFacts = {
  isDev: boolean | null;
  isSniper: boolean | null;
  isBundler: boolean | null;
  /** USD bought plus sold of the token over the last 30 days (the trades of known value) */
  volumeUsd30d: number;
  proTrader: boolean | null;
  smartTrader: boolean | null;
};

/**
 * The labels a position carries, in {@link POSITION_LABELS} order.
 * @example positionLabels({ isDev: false, isSniper: true, isBundler: null, volumeUsd30d: 6e5, proTrader: null, smartTrader: false }) // ["sniper", "whale"]
 */
export function positionLabels(f: PositionLabelFacts): PositionLabel[] {
  const on: Record<PositionLabel, boolean> = {
    dev: f.isDev === true,
    sniper: f.isSniper === true,
    bundler: f.isBundler === true,
    whale: f.volumeUsd30d >= WHALE_MIN_VOLUME_USD_30D,
    proTrader: f.proTrader === true,
    smartTrader: f.smartTrader === true,
  };
  return POSITION_LABELS.filter((l) => on[l]);
}

/**
 * The whale rule's volume: the USD value of the trades at or after `now − WHALE_WINDOW_MS`
 * (trades of unknown value count nothing, so a partial sum can only miss a whale, never make one).
 */
export function whaleVolumeUsd(
  trades: readonly { at: number; valueUsd: number | null }[],
  now: number,
): number {
  let sum = 0;
  for (const t of trades)
    if (t.at >= now - WHALE_WINDOW_MS && t.valueUsd !== null) sum += Math.abs(t.valueUsd);
  return sum;
}
