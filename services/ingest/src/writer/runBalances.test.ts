import { describe, expect, it } from "vitest";
import type { BalanceChange } from "./IngestBatch.ts";
import { changeKey, pairKey, runBalances } from "./runBalances.ts";

const c = (holder: string, block: number, seq: number, delta: bigint): BalanceChange => ({
  token: "t",
  holder,
  block: BigInt(block),
  seq,
  at: block * 1000,
  txHash: `tx${block}-${seq}`,
  delta,
  accounts: null,
});

describe("runBalances", () => {
  it("runs changes in chain order from the stored balance, merging one transaction's", () => {
    const { rows, moves } = runBalances(
      [c("a", 3, 0, -4n), c("a", 2, 1, 10n), c("a", 2, 1, -1n), c("b", 2, 0, 5n)],
      new Map([[pairKey("t", "a"), 1n]]),
      new Set(),
    );
    expect(rows.map((r) => [r.holder, r.block, r.delta, r.balance])).toEqual([
      ["b", 2n, 5n, 5n],
      ["a", 2n, 9n, 10n],
      ["a", 3n, -4n, 6n],
    ]);
    expect(moves.map((m) => [m.holder, m.before, m.after])).toEqual([
      ["b", null, 5n],
      ["a", 1n, 6n],
    ]);
  });

  it("skips stored changes and changes netting to zero", () => {
    const first = c("a", 1, 0, 3n);
    const { rows, moves } = runBalances([first, c("a", 2, 0, 0n), c("b", 2, 0, 0n)], new Map(), new Set());
    expect(rows.map((r) => r.balance)).toEqual([3n]);
    expect(moves).toHaveLength(1);
    const again = runBalances([first], new Map([[pairKey("t", "a"), 3n]]), new Set([changeKey(first)]));
    expect(again).toEqual({ rows: [], moves: [] });
  });
});
