import { type AnchorEvent, decodeAnchorEvent } from "./decodeAnchorEvent.ts";
import { instructionData } from "./instructionData.ts";
import type { SolanaTransaction } from "./SolanaTransaction.ts";

/** The self-CPI events instruction `i` emitted: its direct children of the same program that decode as events. */
export function childEvents(tx: SolanaTransaction, i: number): AnchorEvent[] {
  const ix = tx.instructions[i]!;
  const out: AnchorEvent[] = [];
  for (let j = i + 1; j < tx.instructions.length; j++) {
    const c = tx.instructions[j]!;
    if (c.top !== ix.top || c.stackHeight <= ix.stackHeight) break;
    if (c.programId !== ix.programId || c.stackHeight !== ix.stackHeight + 1) continue;
    const ev = decodeAnchorEvent(ix.programId, instructionData(c));
    if (ev) out.push(ev);
  }
  return out;
}
