import type { TokenRecord } from "@tapeline/core";
import { describe, expect, it } from "vitest";
import { withLaunchUris } from "./withLaunchUris.ts";

const read: TokenRecord = {
  chain: "evm:1",
  address: "0xaa",
  name: "A",
  symbol: "A",
  decimals: 18,
  totalSupply: 5n,
  metadata: { other: 1 },
};

describe("withLaunchUris", () => {
  it("merges a URI into the record read in the range and adds a URI-only record for a token not read", () => {
    const out = withLaunchUris(
      "evm:1",
      [read],
      new Map([
        ["0xaa", "ipfs://QmA"],
        ["0xbb", "https://b.example/b.json"],
      ]),
    );
    expect(out).toEqual([
      { ...read, metadata: { other: 1, uri: "ipfs://QmA" } },
      {
        chain: "evm:1",
        address: "0xbb",
        name: null,
        symbol: null,
        decimals: null,
        totalSupply: null,
        metadata: { uri: "https://b.example/b.json" },
      },
    ]);
  });

  it("leaves the records as they are without URIs", () => {
    expect(withLaunchUris("evm:1", [read], new Map())).toEqual([read]);
  });
});
