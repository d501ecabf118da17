import { describe, expect, it } from "vitest";
import { sampleChain } from "../testFixtures.ts";
import { desiredBackfill } from "./desiredBackfill.ts";

describe("desiredBackfill", () => {
  it("asks for a backfill from the start block, keyed by chain, uid, start block and range size", () => {
    expect(desiredBackfill(sampleChain())).toEqual({
      jobId: "backfill-evm-8453-0b5f3c1e4a2d-20000000-2000",
      request: {
        chain: "evm:8453",
        chainName: "base",
        namespace: "markets",
        fromBlock: 20_000_000,
        blocksPerJob: 2000,
      },
    });
  });

  it("changes its id exactly when the start block or the policy changes", () => {
    const id = (c: ReturnType<typeof sampleChain>) => desiredBackfill(c)?.jobId;
    const base = id(sampleChain());
    expect(id(sampleChain({ venues: ["UNISWAP_V4"], finalityDepth: 10 }))).toBe(base);
    expect(id(sampleChain({ startBlock: 19_000_000 }))).not.toBe(base);
    expect(id(sampleChain({ backfill: { mode: "FromStartBlock", blocksPerJob: 500 } }))).not.toBe(base);
  });

  it("asks for nothing when the policy is None, absent, or there is no start block", () => {
    expect(desiredBackfill(sampleChain({ backfill: { mode: "None" } }))).toBeNull();
    expect(desiredBackfill(sampleChain({ backfill: undefined }))).toBeNull();
    expect(desiredBackfill(sampleChain({ startBlock: undefined }))).toBeNull();
  });

  it("never puts ':' in a job id (BullMQ refuses it)", () => {
    expect(desiredBackfill(sampleChain({ chainId: "solana" }))?.jobId).not.toContain(":");
    expect(desiredBackfill(sampleChain())?.jobId).not.toContain(":");
  });
});
