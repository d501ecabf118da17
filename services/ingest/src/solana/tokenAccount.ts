import type { SolanaTokenBalance, SolanaTransaction } from "./SolanaTransaction.ts";

/** What the transaction's token balances say about a token account (post, else pre), or null. */
export function tokenAccount(tx: SolanaTransaction, account: string): SolanaTokenBalance | null {
  return tx.postTokenBalances.get(account) ?? tx.preTokenBalances.get(account) ?? null;
}
