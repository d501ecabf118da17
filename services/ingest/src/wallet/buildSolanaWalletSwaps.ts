import type { SwapRouter, WalletSwapAsset, WalletSwapLeg, WalletSwapRecord } from "@tapeline/core";
import type { SolanaTransaction } from "../solana/SolanaTransaction.ts";
import type { SwapLeg } from "../solana/SolanaVenue.ts";
import { routeEndAssets } from "./routeEndAssets.ts";
import { solanaWalletDeltas } from "./solanaWalletDeltas.ts";
import { sumDecimals } from "./sumDecimals.ts";

/** A decoded leg with the wallet it was made for, its router and its value in SOL. */
export type MakerLeg = {
  leg: SwapLeg;
  maker: string;
  router: SwapRouter | null;
  /** whole SOL, null when unknown */
  volumeNative: string | null;
};

/**
 * The wallet swaps of one Solana transaction: one per maker, its legs in execution order.
 * `sent`/`received` are the maker's net balance changes ({@link solanaWalletDeltas}, fee paid
 * as fee payer excluded) of the route's end assets ({@link routeEndAssets}); an end asset the
 * maker's balances did not move is left out. The value is the sum of the legs taking a sent
 * asset (else of the legs producing a received one), so a multi-hop counts once; the router is
 * the one of the largest routed leg.
 */
export function buildSolanaWalletSwaps(
  tx: SolanaTransaction,
  legs: readonly MakerLeg[],
  at: number,
  feesNative: string,
  feeLamports: bigint,
): WalletSwapRecord[] {
  const byMaker = new Map<string, MakerLeg[]>();
  for (const l of legs) {
    const own = byMaker.get(l.maker);
    if (own) own.push(l);
    else byMaker.set(l.maker, [l]);
  }
  const out: WalletSwapRecord[] = [];
  for (const [wallet, own] of byMaker) {
    const hops = own.map((l) => ({ sent: l.leg.mintIn, received: l.leg.mintOut }));
    const ends = routeEndAssets(hops);
    const deltas = solanaWalletDeltas(tx, wallet, feeLamports);
    const sent: WalletSwapAsset[] = [];
    const received: WalletSwapAsset[] = [];
    for (const mint of ends) {
      const d = deltas.get(mint) ?? 0n;
      if (d < 0n) sent.push({ tokenAddress: mint, amount: -d });
      else if (d > 0n) received.push({ tokenAddress: mint, amount: d });
    }
    const takesSent: (string | null)[] = [];
    const makesReceived: (string | null)[] = [];
    let largest: MakerLeg | null = null;
    let seq = Number.POSITIVE_INFINITY;
    for (const l of own) {
      if (sent.some((a) => a.tokenAddress === l.leg.mintIn)) takesSent.push(l.volumeNative);
      if (received.some((a) => a.tokenAddress === l.leg.mintOut)) makesReceived.push(l.volumeNative);
      if (
        l.router !== null &&
        (largest === null || Number(l.volumeNative ?? 0) > Number(largest.volumeNative ?? 0))
      )
        largest = l;
      if (l.leg.flatIndex < seq) seq = l.leg.flatIndex;
    }
    const volumeNative = sumDecimals(takesSent) ?? sumDecimals(makesReceived);
    const route: WalletSwapLeg[] = own.map((l) => ({
      poolAddress: l.leg.pool,
      poolType: l.leg.venueType,
      sent: { tokenAddress: l.leg.mintIn, amount: l.leg.amountIn },
      received: { tokenAddress: l.leg.mintOut, amount: l.leg.amountOut },
      router: l.router,
    }));
    out.push({
      chain: "solana",
      wallet,
      txHash: tx.signature,
      block: tx.slot ?? 0n,
      seq,
      at,
      sent,
      received,
      route,
      volumeNative,
      feesNative,
      router: largest?.router ?? null,
    });
  }
  return out;
}
