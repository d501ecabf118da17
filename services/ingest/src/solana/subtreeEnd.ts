import type { SolanaTransaction } from "./SolanaTransaction.ts";
import { SYSTEM_PROGRAM, TOKEN_2022_PROGRAM, TOKEN_PROGRAM } from "./solanaPrograms.ts";

const LEAF_PROGRAMS = new Set([TOKEN_PROGRAM, TOKEN_2022_PROGRAM, SYSTEM_PROGRAM]);

/**
 * The flat index just past the last instruction invoked (directly or not) by instruction `i`:
 * its CPI subtree is `instructions[i + 1 .. end)`. Old transactions without stack heights flatten
 * all CPIs to one level: there an inner instruction's subtree is the token and system
 * instructions that directly follow it (what a swap invokes).
 */
export function subtreeEnd(tx: SolanaTransaction, i: number): number {
  const ix = tx.instructions[i]!;
  let j = i + 1;
  if (!tx.stackHeightsKnown && ix.inner >= 0) {
    while (j < tx.instructions.length) {
      const next = tx.instructions[j]!;
      if (next.top !== ix.top || !LEAF_PROGRAMS.has(next.programId)) break;
      j++;
    }
    return j;
  }
  while (j < tx.instructions.length) {
    const next = tx.instructions[j]!;
    if (next.top !== ix.top || next.stackHeight <= ix.stackHeight) break;
    j++;
  }
  return j;
}
