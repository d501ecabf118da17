import { describe, expect, it } from "vitest";
import { topOf } from "./topOf.ts";

describe("topOf", () => {
  it("equals a full sort cut at k, for any k, with ties kept in a total order", () => {
    let seed = 7;
    const rand = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    const items = Array.from({ length: 5_000 }, (_, i) => ({ v: Math.floor(rand() * 300), id: i }));
    const cmp = (a: { v: number; id: number }, b: { v: number; id: number }) => b.v - a.v || a.id - b.id;
    const sorted = [...items].sort(cmp);
    for (const k of [0, 1, 7, 500, 4_999, 5_000, 6_000])
      expect(topOf(items, k, cmp), String(k)).toEqual(sorted.slice(0, Math.max(0, k)));
  });
});
