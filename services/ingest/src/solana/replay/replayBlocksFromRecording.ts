import type { SolanaRecording } from "./loadSolanaRecording.ts";
import type { ReplayBlock } from "./ReplayBlock.ts";

/**
 * Groups recorded transactions (json or jsonParsed encoding; base64-only ones are left out) into
 * blocks by their slot, in slot order; within a slot in file order (the recordings do not keep
 * the in-block order). A block's time is its transactions' block time when any has one.
 * Each block's parent is the previous recorded slot: the slots between are served as skipped.
 */
export function replayBlocksFromRecording(recording: SolanaRecording): ReplayBlock[] {
  const bySlot = new Map<number, SolanaRecording["transactions"]>();
  for (const t of recording.transactions) {
    if (t.slot === null || t.encoding === "base64" || t.encoding === "meta-only") continue;
    const list = bySlot.get(t.slot) ?? [];
    list.push(t);
    bySlot.set(t.slot, list);
  }
  const slots = [...bySlot.keys()].sort((a, b) => a - b);
  return slots.map((slot, i) => {
    const txs = bySlot.get(slot)!.sort((a, b) => a.file.localeCompare(b.file));
    return {
      slot,
      parentSlot: i === 0 ? null : slots[i - 1]!,
      blockhash: null,
      previousBlockhash: null,
      blockTime: txs.find((t) => t.blockTime !== null)?.blockTime ?? null,
      blockHeight: null,
      transactions: txs.map((t) => t.raw),
    };
  });
}
