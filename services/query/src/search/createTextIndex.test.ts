import { describe, expect, it } from "vitest";
import { createTextIndex, type TextDoc, type TextQuery } from "./createTextIndex.ts";

const doc = (
  address: string,
  symbol: string | null,
  name: string | null,
  liquidityUsd: number | null,
  createdAt: number | null = null,
  chain = "evm:1",
): TextDoc => ({
  chain,
  address,
  symbol,
  name,
  liquidityUsd,
  createdAt,
});

const docs: TextDoc[] = [
  doc("a1", "PEPE", "Pepe", 1_000),
  doc("a2", "PEPE", "Pepe Classic", 50_000),
  doc("a3", "PEPE2", "Pepe Two", 900_000),
  doc("a4", "BPEPE", "Baby Pepe", 2_000_000),
  doc("a5", "XYZ", "pepe", null),
  doc("a6", "PEP", "Pep Guardiola", 10, 5),
  doc("s1", "PEPE", "Pepe on Solana", 70_000, 1, "solana"),
  doc("a7", null, "Pepelon", 3),
  doc("a8", "ZZZ", "Zed", 1, 9),
];
const index = createTextIndex(docs);
const base: TextQuery = { text: "pepe", chains: null, sortBy: "relevance", order: "desc", limit: 50 };
const run = (q: Partial<TextQuery>) => index.search({ ...base, ...q }).map((h) => `${h.address}:${h.match}`);

describe("createTextIndex", () => {
  it("ranks symbol equal, name equal, symbol prefix, name prefix, later name word, then by liquidity", () => {
    expect(run({})).toEqual([
      // symbol equals "pepe": by liquidity
      "s1:symbol",
      "a2:symbol",
      "a1:symbol",
      // name equals "pepe" (symbol does not match)
      "a5:name",
      // symbol starts with "pepe"
      "a3:symbol",
      // name starts with "pepe"
      "a7:name",
      // a later word of the name starts with "pepe"
      "a4:name",
    ]);
  });

  it("keys of one and two characters and keywords longer than the posting key", () => {
    expect(run({ text: "z" })).toEqual(["a8:symbol"]);
    expect(run({ text: "pe", limit: 3 })).toEqual(["a3:symbol", "s1:symbol", "a2:symbol"]);
    expect(run({ text: "pepe classic" })).toEqual(["a2:name"]);
    expect(run({ text: "pepe c" })).toEqual(["a2:name"]);
    expect(run({ text: "guardiola" })).toEqual(["a6:name"]);
    expect(run({ text: "uardiola" })).toEqual([]);
    expect(run({ text: "nothing" })).toEqual([]);
  });

  it("keeps the requested chains only", () => {
    expect(run({ chains: ["solana"] })).toEqual(["s1:symbol"]);
    expect(run({ chains: ["evm:8453"] })).toEqual([]);
  });

  it("sorts by a figure with unknown values last in both orders", () => {
    expect(run({ sortBy: "liquidityUsd", order: "desc" })).toEqual([
      "a4:name",
      "a3:symbol",
      "s1:symbol",
      "a2:symbol",
      "a1:symbol",
      "a7:name",
      "a5:name",
    ]);
    expect(run({ sortBy: "liquidityUsd", order: "asc" })).toEqual([
      "a7:name",
      "a1:symbol",
      "a2:symbol",
      "s1:symbol",
      "a3:symbol",
      "a4:name",
      "a5:name",
    ]);
    expect(run({ text: "pep", sortBy: "createdAt", order: "asc", limit: 2 })).toEqual([
      "s1:symbol",
      "a6:symbol",
    ]);
  });

  it("leaves out excluded tokens and cuts at the limit", () => {
    expect(run({ exclude: new Set(["solana/s1", "evm:1/a2"]), limit: 2 })).toEqual(["a1:symbol", "a5:name"]);
    expect(run({ limit: 1 })).toEqual(["s1:symbol"]);
  });

  it("answers the same twice (per-query scratch state is reset)", () => {
    expect(run({})).toEqual(run({}));
  });
});
