import type { SolanaTransaction } from "./SolanaTransaction.ts";

/**
 * The flat index just past the last instruction invoked (directly or not) by instruction `i`:
 * its CPI subtree is `instructions[i + 1 .. end)`.
 */
export function subtreeEnd(tx: SolanaTransaction, i: number): number {
  const ix = tx.instructions[i]!;
  let j = i + 1;
  while (j < tx.instructions.length) {
    const next = tx.instructions[j]!;
    if (next.top !== ix.top || next.stackHeight <= ix.stackHeight) break;
    j++;
  }
  return j;
}
