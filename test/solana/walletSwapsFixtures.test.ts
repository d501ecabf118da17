import { formatUnits, SOLANA_NATIVE_MINT } from "@tapeline/core";
import { describe, expect, it } from "vitest";
import { decodeSolanaTransaction } from "../../services/ingest/src/solana/decodeSolanaTransaction.ts";
import { walletNetFlow as netFlow, rawView } from "./fixtureData.ts";
import { fixtureSwapCases } from "./fixtureSwapLegs.ts";

const cases = fixtureSwapCases();

describe("Solana wallet swaps on every successful fixture swap", () => {
  it("covers the fixture swaps", () => {
    expect(cases.length).toBeGreaterThanOrEqual(60);
  });
  for (const c of cases) {
    it(`${c.key}: net flows of each maker, its legs and its router`, () => {
      const { raw } = c;
      const view = rawView(raw);
      const result = decodeSolanaTransaction(raw, { fallbackAtMs: 0 });
      const makers = new Set(result.trades.map((t) => t.maker));
      expect(new Set(result.walletSwaps.map((s) => s.wallet))).toEqual(makers);
      for (const s of result.walletSwaps) {
        expect(s.txHash).toBe(view.signature);
        expect(s.feesNative).toBe(formatUnits(view.feeWithTipsLamports(), 9));
        expect(s.at).toBe(result.trades[0]!.at);
        // sent and received are the signer's own balance changes, each asset on one side only
        for (const a of s.sent)
          expect(a.amount, `${s.wallet} sent ${a.tokenAddress}`).toBe(
            -netFlow(raw, s.wallet, a.tokenAddress),
          );
        for (const a of s.received)
          expect(a.amount, `${s.wallet} received ${a.tokenAddress}`).toBe(
            netFlow(raw, s.wallet, a.tokenAddress),
          );
        const sentMints = s.sent.map((a) => a.tokenAddress);
        expect(s.received.some((a) => sentMints.includes(a.tokenAddress))).toBe(false);
        const own = result.trades.filter((t) => t.maker === s.wallet);
        if (s.route.length === 1) {
          // a single pool: both its assets are ends, on the side the balances moved them
          const leg = s.route[0]!;
          for (const mint of [leg.sent.tokenAddress, leg.received.tokenAddress]) {
            const d = netFlow(raw, s.wallet, mint);
            if (d < 0n) expect(sentMints).toContain(mint);
            else if (d > 0n) expect(s.received.map((a) => a.tokenAddress)).toContain(mint);
          }
        }
        // the legs are the maker's decoded trades: same pools, and per pool and side the same amounts
        expect(new Set(s.route.map((l) => l.poolAddress))).toEqual(new Set(own.map((t) => t.pool)));
        for (const t of own) {
          const legs = s.route.filter(
            (l) =>
              l.poolAddress === t.pool && (t.isBuy ? l.received : l.sent).tokenAddress === t.tokenAddress,
          );
          expect(legs.reduce((n, l) => n + (t.isBuy ? l.received : l.sent).amount, 0n)).toBe(t.amountToken);
          expect(legs.reduce((n, l) => n + (t.isBuy ? l.sent : l.received).amount, 0n)).toBe(t.amountQuote);
          for (const l of legs) expect(l.router ?? null).toEqual(t.router);
        }
        // the swap's router is the one of its largest routed leg, null when no leg was routed
        const solOf = (l: (typeof s.route)[number]) =>
          l.sent.tokenAddress === SOLANA_NATIVE_MINT
            ? l.sent.amount
            : l.received.tokenAddress === SOLANA_NATIVE_MINT
              ? l.received.amount
              : null;
        const routed = s.route.filter((l) => l.router);
        if (routed.length === 0) expect(s.router).toBeNull();
        else if (routed.every((l) => solOf(l) !== null)) {
          const max = routed.reduce((m, l) => (solOf(l)! > m ? solOf(l)! : m), 0n);
          expect(routed.filter((l) => solOf(l) === max).map((l) => l.router)).toContainEqual(s.router);
        } else expect(routed.map((l) => l.router)).toContainEqual(s.router);
      }
    });
  }
});
