import { SOLANA_NATIVE_MINT } from "@tapeline/core";
import type { SolanaTransaction } from "../solana/SolanaTransaction.ts";

/**
 * A wallet's net balance change per mint over one transaction, from the transaction's own
 * pre/post balances. A mint counts the token accounts the wallet owns (before or after). SOL
 * (keyed by the wrapped mint) counts the wallet's lamports plus the lamports of every token
 * account it owns, so wrapping, unwrapping and the rent of accounts opened or closed for the
 * swap cancel out; `feeLamports` (the fee and tips the wallet paid as fee payer) is added back.
 */
export function solanaWalletDeltas(
  tx: SolanaTransaction,
  wallet: string,
  feeLamports: bigint,
): Map<string, bigint> {
  const out = new Map<string, bigint>();
  // SOL first, then the other mints in the order their accounts are met (the map's order is the output's)
  let sol = lamportChange(tx, wallet) + (tx.signers[0] === wallet ? feeLamports : 0n);
  out.set(SOLANA_NATIVE_MINT, sol);
  const owned = new Set<string>();
  for (const b of tx.preTokenBalances.values()) if (b.owner === wallet) owned.add(b.account);
  for (const b of tx.postTokenBalances.values()) if (b.owner === wallet) owned.add(b.account);
  for (const account of owned) {
    const pre = tx.preTokenBalances.get(account);
    const post = tx.postTokenBalances.get(account);
    const mint = (post ?? pre)!.mint;
    sol += lamportChange(tx, account);
    if (mint !== SOLANA_NATIVE_MINT)
      out.set(mint, (out.get(mint) ?? 0n) + ((post?.amount ?? 0n) - (pre?.amount ?? 0n)));
  }
  out.set(SOLANA_NATIVE_MINT, sol);
  return out;
}

/**
 * An account's lamport change: a handful of lookups per wallet, so scanning the keys costs less
 * than indexing them. The loop, from the end like `lastIndexOf`, compares faster than that builtin,
 * and two safe integers are subtracted before one conversion to bigint instead of three.
 */
function lamportChange(tx: SolanaTransaction, account: string): bigint {
  const keys = tx.accountKeys;
  let i = keys.length - 1;
  while (i >= 0 && keys[i] !== account) i--;
  if (i < 0) return 0n;
  const post = tx.postLamports[i] ?? 0;
  const pre = tx.preLamports[i] ?? 0;
  const change = post - pre;
  // exact when both and the difference are safe integers; anything else is converted first
  if (Number.isSafeInteger(post) && Number.isSafeInteger(pre) && Number.isSafeInteger(change))
    return BigInt(change);
  return BigInt(post) - BigInt(pre);
}
