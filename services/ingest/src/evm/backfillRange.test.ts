import { describe, expect, it } from "vitest";
import { nextStep, planEvmBackfillJobs } from "./backfillRange.ts";
import { createEvmBackfillProcessor } from "./createEvmBackfillProcessor.ts";

describe("planEvmBackfillJobs", () => {
  it("covers the range exactly once, in order, with ids keyed by chain and range", () => {
    const jobs = planEvmBackfillJobs("evm:1", 100n, 1_049n, 300);
    expect(jobs.map((j) => [j.data.fromBlock, j.data.toBlock])).toEqual([
      ["100", "399"],
      ["400", "699"],
      ["700", "999"],
      ["1000", "1049"],
    ]);
    expect(jobs[0]!.jobId).toBe("evm-backfill:evm:1:100-399");
    // planning twice gives the same ids, so a queue keyed by job id adds nothing the second time
    expect(planEvmBackfillJobs("evm:1", 100n, 1_049n, 300).map((j) => j.jobId)).toEqual(
      jobs.map((j) => j.jobId),
    );
  });
});

describe("createEvmBackfillProcessor", () => {
  it("refuses, without retry, a chain it does not serve or a malformed range", async () => {
    const run = createEvmBackfillProcessor({ depsFor: () => undefined });
    const job = {
      id: "j",
      name: "evm-backfill",
      attempts: 0,
      data: { chain: "evm:1" as const, fromBlock: "1", toBlock: "2" },
    };
    await expect(run(job)).rejects.toMatchObject({ name: "NonRetryableJobError" });
  });
});

describe("nextStep", () => {
  it("sizes the next range at about 2,000 swaps from the last one's density", () => {
    // 10 blocks of 240 swaps: 2,400 swaps → 8 blocks next
    expect(nextStep(10, 2_400, 100)).toBe(8);
    // sparse blocks grow the range at most fourfold per step, up to the configured maximum
    expect(nextStep(10, 20, 100)).toBe(40);
    expect(nextStep(40, 80, 100)).toBe(100);
    expect(nextStep(10, 0, 100)).toBe(40);
    // a single block denser than the aim stays one block
    expect(nextStep(1, 5_000, 100)).toBe(1);
  });
});
