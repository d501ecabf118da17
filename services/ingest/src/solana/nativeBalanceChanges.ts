import { SOLANA_LAMPORTS_TOKEN } from "@tapeline/core";
import type { BalanceChange } from "../writer/IngestBatch.ts";
import type { SolanaTransaction } from "./SolanaTransaction.ts";
import type { GrowingSet } from "./worker/createFingerprintSet.ts";

/** A decoded transaction of a block with its position, failed ones included (they pay fees). */
export type PositionedTransaction = { tx: SolanaTransaction; seq: number };

/**
 * The lamport changes of the block's native-tracked wallets (pure), in chain order. A wallet is
 * native-tracked from the first transaction in which it both holds a tracked token's balance
 * change (`tokenChanges`, already restricted to tracked tokens) and is one of the transaction's
 * accounts, so its absolute lamports are known there; from then on every transaction listing it
 * with different pre and post lamports gives a change. Wallets joining are added to `wallets`.
 * Each change carries the wallet as its one "account" with the post lamports: the writer keeps the
 * absolute amount, so the logged balance is the post balance itself.
 */
export function nativeBalanceChanges(
  txs: readonly PositionedTransaction[],
  tokenChanges: readonly BalanceChange[],
  wallets: GrowingSet,
  pos: { slot: bigint; at: number | null },
): BalanceChange[] {
  const holdersBySeq = new Map<number, Set<string>>();
  for (const c of tokenChanges) {
    const s = holdersBySeq.get(c.seq) ?? new Set<string>();
    s.add(c.holder);
    holdersBySeq.set(c.seq, s);
  }
  const out: BalanceChange[] = [];
  for (const { tx, seq } of txs) {
    const holders = holdersBySeq.get(seq);
    const n = Math.min(tx.accountKeys.length, tx.preLamports.length, tx.postLamports.length);
    for (let i = 0; i < n; i++) {
      const wallet = tx.accountKeys[i]!;
      const joins = holders?.has(wallet) === true && !wallets.has(wallet);
      if (!joins && (!wallets.has(wallet) || tx.preLamports[i] === tx.postLamports[i])) continue;
      if (joins) wallets.add(wallet);
      const post = BigInt(tx.postLamports[i]!);
      out.push({
        token: SOLANA_LAMPORTS_TOKEN,
        holder: wallet,
        block: pos.slot,
        seq,
        at: pos.at,
        txHash: tx.signature,
        delta: post - BigInt(tx.preLamports[i]!),
        accounts: [{ account: wallet, post }],
      });
    }
  }
  return out;
}
