import { describe, expect, it } from "vitest";
import { chainFreshness, DEFAULT_FRESHNESS_POLICY } from "./chainFreshness.ts";

describe("chainFreshness", () => {
  const now = 1_800_000_000_000;
  it("is stale past max(blocks x block time, floor)", () => {
    // Ethereum: 5 x 12 s = 60 s is above the 30 s floor
    expect(chainFreshness("evm:1", now - 60_000, now)).toEqual({
      headAgeMs: 60_000,
      staleAfterMs: 60_000,
      fresh: true,
    });
    expect(chainFreshness("evm:1", now - 60_001, now).fresh).toBe(false);
    // Solana: 5 x 400 ms is under the floor, so the floor applies
    expect(chainFreshness("solana", now - 29_000, now)).toMatchObject({ staleAfterMs: 30_000, fresh: true });
    expect(chainFreshness("solana", now - 31_000, now).fresh).toBe(false);
  });

  it("takes configured block times and floors, and is unknown before the first write", () => {
    const policy = { ...DEFAULT_FRESHNESS_POLICY, minStaleMs: 1000, blockTimesMs: { "evm:31337": 500 } };
    expect(chainFreshness("evm:31337", now - 2_600, now, policy)).toMatchObject({
      staleAfterMs: 2_500,
      fresh: false,
    });
    expect(chainFreshness("evm:31337", null, now, policy)).toEqual({
      headAgeMs: null,
      staleAfterMs: 2_500,
      fresh: null,
    });
  });
});
