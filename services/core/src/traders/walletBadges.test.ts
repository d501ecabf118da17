import { describe, expect, it } from "vitest";
import {
  PRO_TRADER_MIN_TOKENS_30D,
  PRO_TRADER_MIN_TRADES_30D,
  SMART_TRADER_MIN_DECIDED_90D,
  SMART_TRADER_MIN_WIN_RATE_PCT,
  walletBadges,
} from "./walletBadges.ts";

const tok = (buys: number, sells: number, boughtNative: number, soldNative: number) => ({
  buys,
  sells,
  boughtNative,
  soldNative,
});

describe("walletBadges", () => {
  it("makes a busy, profitable wallet of the last 30 days a pro trader, and not one trade fewer", () => {
    const per = Math.ceil(PRO_TRADER_MIN_TRADES_30D / PRO_TRADER_MIN_TOKENS_30D);
    const tokens = Array.from({ length: PRO_TRADER_MIN_TOKENS_30D }, () => tok(per - 1, 1, 1, 1.2));
    const b = walletBadges({ days30: tokens, days90: tokens });
    expect(b.trades30d).toBe(per * PRO_TRADER_MIN_TOKENS_30D);
    expect(b.realizedNative30d).toBeCloseTo(0.2 * PRO_TRADER_MIN_TOKENS_30D);
    expect(b.trades30d).toBeGreaterThanOrEqual(PRO_TRADER_MIN_TRADES_30D);
    expect(b.proTrader).toBe(true);
    // one trade under the threshold
    const drop = b.trades30d - PRO_TRADER_MIN_TRADES_30D + 1;
    const fewer = tokens.map((t, i) => (i === 0 ? { ...t, buys: t.buys - drop } : t));
    expect(walletBadges({ days30: fewer, days90: fewer })).toMatchObject({
      trades30d: PRO_TRADER_MIN_TRADES_30D - 1,
      proTrader: false,
    });
    // one token short of the threshold
    const narrow = tokens.slice(1).map((t) => ({ ...t, buys: t.buys + per }));
    expect(walletBadges({ days30: narrow, days90: narrow }).proTrader).toBe(false);
    const losing = tokens.map(() => tok(per - 1, 1, 1, 0.5));
    expect(walletBadges({ days30: losing, days90: losing }).proTrader).toBe(false);
  });

  it("makes a wallet winning most of its round trips over 90 days a smart trader", () => {
    const n = SMART_TRADER_MIN_DECIDED_90D;
    const wins = Math.ceil((n * SMART_TRADER_MIN_WIN_RATE_PCT) / 100);
    const days90 = Array.from({ length: n }, (_, i) => (i < wins ? tok(1, 1, 1, 2) : tok(1, 1, 1, 0.5)));
    const b = walletBadges({ days30: [], days90 });
    expect([b.decidedTokens90d, b.wonTokens90d, b.smartTrader]).toEqual([n, wins, true]);
    // one win fewer falls under the rate
    const worse = days90.map((t, i) => (i === 0 ? tok(1, 1, 1, 0.5) : t));
    expect(walletBadges({ days30: [], days90: worse }).smartTrader).toBe(false);
    // open positions (bought, not sold) are not decided and do not count as losses
    const open = [...days90, tok(3, 0, 50, 0)];
    expect(walletBadges({ days30: [], days90: open })).toMatchObject({
      decidedTokens90d: n,
      smartTrader: true,
    });
    // a losing last month takes the badge away
    expect(walletBadges({ days30: [tok(1, 1, 5, 1)], days90 }).smartTrader).toBe(false);
  });
});
