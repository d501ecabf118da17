import type {
  PoolRecord,
  TokenRecord,
  TradeRecord,
  WalletFundingRecord,
  WalletSwapRecord,
} from "@tapeline/core";
import type { BalanceChange } from "../writer/IngestBatch.ts";
import type { SolanaVenueRegistry } from "./createSolanaVenueRegistry.ts";
import type { SolUsdTracker } from "./createSolUsdTracker.ts";
import { decodeSolanaTransaction } from "./decodeSolanaTransaction.ts";
import { extractSolanaFundings } from "./extractSolanaFundings.ts";
import type { PositionedTransaction } from "./nativeBalanceChanges.ts";
import { normalizeSolanaTransaction } from "./normalizeSolanaTransaction.ts";
import type { SolanaProgramRegistry } from "./programs/createSolanaProgramRegistry.ts";
import { SolanaDecodeError } from "./SolanaDecodeError.ts";
import type { SolanaTransaction } from "./SolanaTransaction.ts";
import type { SolanaLaunchpadEvent } from "./SolanaVenue.ts";
import type { SolanaBlock } from "./source/SolanaSource.ts";
import { tokenBalanceChanges } from "./tokenBalanceChanges.ts";

export type SolanaBlockDecode = {
  trades: TradeRecord[];
  walletSwaps: WalletSwapRecord[];
  pools: PoolRecord[];
  tokens: TokenRecord[];
  launchpadEvents: SolanaLaunchpadEvent[];
  /** holders' token balance changes of every successful transaction, for the mints `balanceMints` keeps */
  balanceChanges: BalanceChange[];
  /** the normalized transactions (failed ones too) when balance changes are kept, for native balances */
  normalized: PositionedTransaction[];
  walletFundings: WalletFundingRecord[];
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
  ctx: {
    tracker: SolUsdTracker;
    registry?: SolanaVenueRegistry;
    programs?: SolanaProgramRegistry;
    /** the mints whose balance changes are kept (none when omitted) */
    balanceMints?: (mint: string) => boolean;
  },
): SolanaBlockDecode {
  const out: SolanaBlockDecode = {
    trades: [],
    walletSwaps: [],
    pools: [],
    tokens: [],
    launchpadEvents: [],
    balanceChanges: [],
    normalized: [],
    walletFundings: [],
    transactions: 0,
    failed: 0,
    untimedLegs: 0,
    unknownPrograms: new Map(),
  };
  const at = block.blockTime === null ? null : block.blockTime * 1000;
  for (const [seq, entry] of block.transactions.entries()) {
    out.transactions++;
    let tx: SolanaTransaction | unknown = entry;
    try {
      tx = normalizeSolanaTransaction(entry, { slot: block.slot, blockTime: block.blockTime });
    } catch (err) {
      // decodeSolanaTransaction reports the undecodable entry
      if (!(err instanceof SolanaDecodeError)) throw err;
    }
    if (ctx.balanceMints && tx !== entry) {
      out.balanceChanges.push(
        ...tokenBalanceChanges(tx as SolanaTransaction, { slot: block.slot, seq, at }, ctx.balanceMints),
      );
      out.normalized.push({ tx: tx as SolanaTransaction, seq });
    }
    const r = decodeSolanaTransaction(tx, {
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
    if (r.tx && block.blockTime !== null)
      out.walletFundings.push(
        ...extractSolanaFundings(r.tx, { block: block.slot, fundedAt: block.blockTime * 1000, txIndex: seq }),
      );
    out.untimedLegs += r.untimedLegs;
    for (const p of r.unknownPrograms) out.unknownPrograms.set(p, (out.unknownPrograms.get(p) ?? 0) + 1);
  }
  return out;
}
