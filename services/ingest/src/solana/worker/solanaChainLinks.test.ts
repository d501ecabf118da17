import { describe, expect, it } from "vitest";
import type { SolanaBlock } from "../source/SolanaSource.ts";
import { solanaChainBreak } from "./solanaChainLinks.ts";

const block = (
  slot: number,
  parentSlot: number | null,
  hash: string | null,
  parent: string | null,
): SolanaBlock => ({
  slot: BigInt(slot),
  parentSlot: parentSlot === null ? null : BigInt(parentSlot),
  blockhash: hash,
  previousBlockhash: parent,
  blockTime: 1,
  transactions: [],
});

describe("solanaChainBreak", () => {
  const tip = { slot: 10n, hash: "h10" };

  it("follows linked blocks across skipped slots and returns the new tip", () => {
    const r = solanaChainBreak(tip, [block(11, 10, "h11", "h10"), null, block(13, 11, "h13", "h11")]);
    expect(r).toEqual({ breakAt: -1, tip: { slot: 13n, hash: "h13" } });
  });

  it("breaks on another parent hash or another parent slot", () => {
    expect(solanaChainBreak(tip, [block(11, 10, "h11", "x10")]).breakAt).toBe(0);
    expect(solanaChainBreak(tip, [block(11, 10, "h11", "h10"), block(12, 10, "h12", "h10")]).breakAt).toBe(1);
  });

  it("checks nothing it cannot: no tip, or blocks without hashes", () => {
    expect(solanaChainBreak(null, [block(11, 10, "h11", "x")]).breakAt).toBe(-1);
    const r = solanaChainBreak(tip, [block(11, 10, null, null), block(12, 11, "h12", "anything")]);
    expect(r).toEqual({ breakAt: -1, tip: { slot: 12n, hash: "h12" } });
  });
});
