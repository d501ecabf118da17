import { describe, expect, it } from "vitest";
import { parseWorkerReadiness } from "./parseWorkerReadiness.ts";

describe("parseWorkerReadiness", () => {
  it("reads a ChainReadiness entry and computes the lag in blocks", () => {
    const body = { chain: "evm:8453", headBlock: 1000, indexedBlock: 990, lagMs: 20_000 };
    expect(parseWorkerReadiness(body, "evm:8453")).toEqual({
      head: 1000,
      indexedBlock: 990,
      lag: 10,
      problem: null,
    });
  });

  it("picks the chain's entry from a list or a wrapped list, and accepts decimal strings", () => {
    const list = [
      { chain: "solana", headBlock: 5, indexedBlock: 5 },
      { chain: "evm:1", headBlock: "21000000", indexedBlock: "20999990" },
    ];
    expect(parseWorkerReadiness(list, "evm:1")).toEqual({
      head: 21_000_000,
      indexedBlock: 20_999_990,
      lag: 10,
      problem: null,
    });
    expect(parseWorkerReadiness({ chains: list }, "solana")).toEqual({
      head: 5,
      indexedBlock: 5,
      lag: 0,
      problem: null,
    });
    expect(parseWorkerReadiness({ data: list }, "evm:1").lag).toBe(10);
  });

  it("reads the worker's reason for not being ready, or a stale head without one", () => {
    const failing = {
      chain: "evm:8453",
      headBlock: 7,
      indexedBlock: 7,
      fresh: false,
      reason: "the last 4 steps failed: fetch failed",
    };
    expect(parseWorkerReadiness(failing, "evm:8453").problem).toBe("the last 4 steps failed: fetch failed");
    expect(parseWorkerReadiness({ ...failing, reason: undefined }, "evm:8453").problem).toBe(
      "the chain head is stale",
    );
    expect(
      parseWorkerReadiness({ ...failing, reason: undefined, fresh: true }, "evm:8453").problem,
    ).toBeNull();
  });

  it("leaves unknown figures null and ignores another chain's entry", () => {
    expect(parseWorkerReadiness({ chain: "evm:8453", headBlock: 7, indexedBlock: null }, "evm:8453")).toEqual(
      {
        head: 7,
        indexedBlock: null,
        lag: null,
        problem: null,
      },
    );
    expect(
      parseWorkerReadiness({ chain: "evm:1", headBlock: 7, indexedBlock: 7 }, "evm:8453").head,
    ).toBeNull();
    expect(parseWorkerReadiness("ok", "evm:8453")).toEqual({
      head: null,
      indexedBlock: null,
      lag: null,
      problem: null,
    });
    expect(parseWorkerReadiness({ headBlock: -1, indexedBlock: 1.5 }, "evm:8453").head).toBeNull();
  });
});
