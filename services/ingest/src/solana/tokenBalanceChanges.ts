import type { BalanceChange } from "../writer/IngestBatch.ts";
import type { SolanaTransaction } from "./SolanaTransaction.ts";

/**
 * Each holder's net change of each mint in one successful transaction (pure), from its own
 * pre/post token balances: the sum over the token accounts the holder owns of post minus pre (an
 * account closed has no post, one created no pre), with those accounts and their post amounts
 * (what the writer keeps per account). A balance without an
 * owner (old transactions) is held by the token account itself. `mints` restricts the mints kept.
 */
export function tokenBalanceChanges(
  tx: SolanaTransaction,
  pos: { slot: bigint; seq: number; at: number | null },
  mints: (mint: string) => boolean,
): BalanceChange[] {
  if (tx.err !== null) return [];
  const byHolder = new Map<string, BalanceChange>();
  const add = (account: string, mint: string, owner: string | null, pre: bigint, post: bigint) => {
    if (!mints(mint)) return;
    const holder = owner ?? account;
    const k = `${mint}|${holder}`;
    let c = byHolder.get(k);
    if (!c) {
      c = {
        token: mint,
        holder,
        block: pos.slot,
        seq: pos.seq,
        at: pos.at,
        txHash: tx.signature,
        delta: 0n,
        accounts: [],
      };
      byHolder.set(k, c);
    }
    c.delta += post - pre;
    c.accounts!.push({ account, post });
  };
  for (const [account, pre] of tx.preTokenBalances) {
    const post = tx.postTokenBalances.get(account);
    add(
      account,
      pre.mint,
      pre.owner ?? post?.owner ?? null,
      pre.amount,
      post?.mint === pre.mint ? post.amount : 0n,
    );
  }
  for (const [account, post] of tx.postTokenBalances) {
    const pre = tx.preTokenBalances.get(account);
    if (pre && pre.mint === post.mint) continue;
    add(account, post.mint, post.owner, 0n, post.amount);
  }
  return [...byHolder.values()];
}
