import type { BalanceChange } from "./IngestBatch.ts";

/** A change with the holder's balance after it. */
export type BalanceRow = BalanceChange & { balance: bigint };

/** Solana: a token account's amount before (null: first seen) and after one transaction. */
export type AccountMove = { account: string; before: bigint | null; after: bigint };

/** A holder's balance of a token before and after the batch (`before` null: never stored). */
export type BalanceMove = {
  token: string;
  holder: string;
  before: bigint | null;
  after: bigint;
  block: bigint;
};

export const pairKey = (token: string, holder: string): string => `${token}|${holder}`;
export const changeKey = (c: { token: string; holder: string; txHash: string }): string =>
  `${c.token}|${c.holder}|${c.txHash}`;

/**
 * Runs a batch's balance changes in chain order from the stored balances: changes of the same
 * holder, token and transaction are merged, changes already stored (`stored` keys) are left out,
 * a holder with no stored balance starts from zero, and changes that net to zero are dropped.
 * Pure.
 */
export function runBalances(
  changes: readonly BalanceChange[],
  balances: ReadonlyMap<string, bigint>,
  stored: ReadonlySet<string>,
): { rows: BalanceRow[]; moves: BalanceMove[] } {
  const merged = new Map<string, BalanceChange>();
  for (const c of changes) {
    const k = changeKey(c);
    if (stored.has(k)) continue;
    const prev = merged.get(k);
    if (prev) prev.delta += c.delta;
    else merged.set(k, { ...c });
  }
  const ordered = [...merged.values()].sort((a, b) =>
    a.block === b.block ? a.seq - b.seq : a.block < b.block ? -1 : 1,
  );
  const running = new Map<string, BalanceMove>();
  const rows: BalanceRow[] = [];
  for (const c of ordered) {
    const k = pairKey(c.token, c.holder);
    let m = running.get(k);
    if (!m) {
      const known = balances.get(k);
      if (c.delta === 0n) continue;
      m = { token: c.token, holder: c.holder, before: known ?? null, after: known ?? 0n, block: c.block };
      running.set(k, m);
    } else if (c.delta === 0n) continue;
    m.after += c.delta;
    m.block = c.block;
    rows.push({ ...c, balance: m.after });
  }
  return { rows, moves: [...running.values()] };
}
