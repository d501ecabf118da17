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
  for (const l of legs) byMaker.set(l.maker, [...(byMaker.get(l.maker) ?? []), l]);
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
    const sentSet = new Set(sent.map((a) => a.tokenAddress));
    const receivedSet = new Set(received.map((a) => a.tokenAddress));
    const volumeNative =
      sumDecimals(own.filter((l) => sentSet.has(l.leg.mintIn)).map((l) => l.volumeNative)) ??
      sumDecimals(own.filter((l) => receivedSet.has(l.leg.mintOut)).map((l) => l.volumeNative));
    const routed = own.filter((l) => l.router !== null);
    const largest = routed.reduce<MakerLeg | null>(
      (best, l) => (best === null || Number(l.volumeNative ?? 0) > Number(best.volumeNative ?? 0) ? l : best),
      null,
    );
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
      seq: Math.min(...own.map((l) => l.leg.flatIndex)),
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
