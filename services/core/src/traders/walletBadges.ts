/**
 * Wallet-level badges (`proTrader`, `smartTrader`), recomputed by the jobs service from a
 * wallet's trades of the last 30 and 90 days. Rules and thresholds are documented in this
 * folder's README.
 */

/** proTrader: at least this many trades over 30 days... */
export const PRO_TRADER_MIN_TRADES_30D = 30;
/** ...on at least this many tokens, with a positive realized cashflow over 30 days. */
export const PRO_TRADER_MIN_TOKENS_30D = 5;
/** smartTrader: at least this many round-tripped tokens over 90 days... */
export const SMART_TRADER_MIN_DECIDED_90D = 10;
/**
 * ...this share (percent) of them closed with more native out than in, a positive realized
 * cashflow over 90 days and none negative over the last 30.
 */
export const SMART_TRADER_MIN_WIN_RATE_PCT = 60;

/** One token a wallet traded in a period: native value bought and sold (whole units), trade counts. */
export type TokenActivity = { buys: number; sells: number; boughtNative: number; soldNative: number };

/** What the badges are judged on, per period. */
export type WalletActivity = {
  /** tokens traded in the last 30 days */
  days30: TokenActivity[];
  /** tokens traded in the last 90 days */
  days90: TokenActivity[];
};

export type WalletBadgeFigures = {
  trades30d: number;
  tokens30d: number;
  /** sold minus bought native over the tokens both bought and sold in the period */
  realizedNative30d: number;
  realizedNative90d: number;
  decidedTokens90d: number;
  wonTokens90d: number;
  proTrader: boolean;
  smartTrader: boolean;
};

// A token is decided in a period when the wallet both bought and sold it there (a round trip);
// its realized cashflow is sold minus bought, and it is won when that is positive.
const decided = (t: TokenActivity) => t.buys > 0 && t.sells > 0;
const realized = (ts: TokenActivity[]) =>
  ts.filter(decided).reduce((sum, t) => sum + (t.soldNative - t.boughtNative), 0);

/**
 * The badges of a wallet and the figures they were judged on.
 * @example walletBadges({ days30: [...], days90: [...] }).proTrader
 */
export function walletBadges(a: WalletActivity): WalletBadgeFigures {
  const trades30d = a.days30.reduce((n, t) => n + t.buys + t.sells, 0);
  const tokens30d = a.days30.length;
  const realizedNative30d = realized(a.days30);
  const realizedNative90d = realized(a.days90);
  const decided90 = a.days90.filter(decided);
  const wonTokens90d = decided90.filter((t) => t.soldNative > t.boughtNative).length;
  const proTrader =
    trades30d >= PRO_TRADER_MIN_TRADES_30D && tokens30d >= PRO_TRADER_MIN_TOKENS_30D && realizedNative30d > 0;
  const smartTrader =
    decided90.length >= SMART_TRADER_MIN_DECIDED_90D &&
    (wonTokens90d * 100) / decided90.length >= SMART_TRADER_MIN_WIN_RATE_PCT &&
    realizedNative90d > 0 &&
    realizedNative30d >= 0;
  return {
    trades30d,
    tokens30d,
    realizedNative30d,
    realizedNative90d,
    decidedTokens90d: decided90.length,
    wonTokens90d,
    proTrader,
    smartTrader,
  };
}
