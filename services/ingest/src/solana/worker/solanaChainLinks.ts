import type { SolanaBlock } from "../source/SolanaSource.ts";

/** The last block followed, which the next one must descend from; null when unknown. */
export type SolanaTip = { slot: bigint; hash: string } | null;

/**
 * Follows `blocks` (in slot order, null for skipped slots) from `tip` and tells where the chain
 * left it: the index of the first block whose parent is not the block before it (another parent
 * slot or another parent hash: the branch the tip is on was abandoned), or -1 when every link
 * holds. A block without a hash (a recording) leaves the next link unknown (not checked).
 * @returns the index of the first unlinked block (-1: none) and the tip after the last block.
 */
export function solanaChainBreak(
  tip: SolanaTip,
  blocks: readonly (SolanaBlock | null)[],
): { breakAt: number; tip: SolanaTip } {
  let t = tip;
  for (const [i, b] of blocks.entries()) {
    if (!b) continue;
    if (t !== null && b.previousBlockhash !== null) {
      const parentSlotOk = b.parentSlot === null || b.parentSlot === t.slot;
      if (!parentSlotOk || b.previousBlockhash !== t.hash) return { breakAt: i, tip: t };
    }
    t = b.blockhash === null ? null : { slot: b.slot, hash: b.blockhash };
  }
  return { breakAt: -1, tip: t };
}
