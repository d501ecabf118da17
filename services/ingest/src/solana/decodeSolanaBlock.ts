import type { PoolRecord, TokenRecord, TradeRecord, WalletSwapRecord } from "@tapeline/core";
import type { SolanaVenueRegistry } from "./createSolanaVenueRegistry.ts";
import type { SolUsdTracker } from "./createSolUsdTracker.ts";
import { decodeSolanaTransaction } from "./decodeSolanaTransaction.ts";
import type { SolanaProgramRegistry } from "./programs/createSolanaProgramRegistry.ts";
import type { SolanaLaunchpadEvent } from "./SolanaVenue.ts";
import type { SolanaBlock } from "./source/SolanaSource.ts";

export type SolanaBlockDecode = {
  trades: TradeRecord[];
  walletSwaps: WalletSwapRecord[];
  pools: PoolRecord[];
  tokens: TokenRecord[];
  launchpadEvents: SolanaLaunchpadEvent[];
  transactions: number;
  failed: number;
  untimedLegs: number;
  /** unknown program id -> transactions that invoked it */
  unknownPrograms: Map<string, number>;
};

/**
 * Decodes a block's transactions in order. SOL/USD trades feed `tracker` as they are read, so
 * a USD-quoted trade is valued at the SOL price of its own minute as known at that point.
 * Deterministic for a given block sequence and tracker state.
 */
export function decodeSolanaBlock(
  block: SolanaBlock,
  ctx: { tracker: SolUsdTracker; registry?: SolanaVenueRegistry; programs?: SolanaProgramRegistry },
): SolanaBlockDecode {
  const out: SolanaBlockDecode = {
    trades: [],
    walletSwaps: [],
    pools: [],
    tokens: [],
    launchpadEvents: [],
    transactions: 0,
    failed: 0,
    untimedLegs: 0,
    unknownPrograms: new Map(),
  };
  for (const entry of block.transactions) {
    out.transactions++;
    const r = decodeSolanaTransaction(entry, {
      slot: block.slot,
      blockTime: block.blockTime,
      registry: ctx.registry,
      programs: ctx.programs,
      solUsdAt: ctx.tracker.priceAt,
    });
    if (r.failed) {
      out.failed++;
      continue;
    }
    for (const o of r.solUsd) ctx.tracker.observe(o);
    out.trades.push(...r.trades);
    out.walletSwaps.push(...r.walletSwaps);
    out.pools.push(...r.pools);
    out.tokens.push(...r.tokens);
    out.launchpadEvents.push(...r.launchpadEvents);
    out.untimedLegs += r.untimedLegs;
    for (const p of r.unknownPrograms) out.unknownPrograms.set(p, (out.unknownPrograms.get(p) ?? 0) + 1);
  }
  return out;
}
