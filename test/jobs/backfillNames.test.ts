/**
 * The backfill requests the operator enqueues reach processors of the jobs service: the same
 * BullMQ prefix, queue and job names, over a real Redis. `backfill-chain` lands on the chain's own
 * queue (the one its ingest worker consumes); `cancel-backfill` empties that queue.
 */
import {
  BackfillJobs,
  chainBackfillQueue,
  createBullQueue,
  createContext,
  toBullJobId,
} from "@tapeline/core";
import { deleteRedisKeys, freePort, TEST_REDIS_URL, testRedisPrefix } from "@tapeline/core/testing";
import { Queue } from "bullmq";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  BACKFILL_JOB,
  BACKFILL_QUEUE,
  CANCEL_BACKFILL_JOB,
} from "../../operator/src/chain/desiredBackfill.ts";
import {
  createBullJobQueue,
  JOBS_BULL_PREFIX,
  type OperatorJobQueue,
} from "../../operator/src/queue/createBullJobQueue.ts";
import { EVM_BACKFILL_JOB } from "../../services/ingest/src/evm/createEvmBackfillProcessor.ts";
import { loadJobsConfig, startJobs } from "../../services/jobs/src/index.ts";

const until = async (check: () => Promise<boolean>) => {
  while (!(await check())) await new Promise((r) => setTimeout(r, 20));
};

describe("backfill names between the operator and the jobs service", () => {
  // BullMQ joins prefix and queue with ":", so the suite's prefix goes without its trailing one
  const prefix = testRedisPrefix("backfill-names").replace(/:$/, "");
  const ctx = createContext({ name: "jobs-test", level: "silent" });
  let operatorQueue: OperatorJobQueue;
  let port: number;
  const connection = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: null });
  const chainQueue = new Queue(chainBackfillQueue("evm:8453"), { connection, prefix });

  beforeAll(async () => {
    port = await freePort();
    await startJobs(ctx, {
      REDIS_URL: TEST_REDIS_URL,
      BULL_PREFIX: prefix,
      PORT: String(port),
      HOST: "127.0.0.1",
    });
    operatorQueue = createBullJobQueue(TEST_REDIS_URL, { prefix });
  });

  afterAll(async () => {
    await ctx.shutdown.run("test done");
    await operatorQueue?.close();
    await chainQueue.close();
    connection.disconnect();
    await deleteRedisKeys(prefix);
  });

  it("uses one default prefix and serves the operator's queue by default", () => {
    const config = loadJobsConfig({ REDIS_URL: TEST_REDIS_URL });
    expect(config.bullPrefix).toBe(JOBS_BULL_PREFIX);
    expect(config.queueNames).toContain(BACKFILL_QUEUE);
    expect([BACKFILL_JOB, CANCEL_BACKFILL_JOB]).toEqual([BackfillJobs.chain, BackfillJobs.cancel]);
    // the ranges the ingest worker plans on its chain's queue are the ones its processor takes
    expect(EVM_BACKFILL_JOB).toBe(BackfillJobs.evmRange);
  });

  it("forwards backfill-chain to the chain's queue, and cancel-backfill empties it", async () => {
    const request = {
      chain: "evm:8453",
      chainName: "base",
      namespace: "markets",
      fromBlock: 100,
      blocksPerJob: 50,
    };
    const id = await operatorQueue.enqueue(BACKFILL_QUEUE, BACKFILL_JOB, request, {
      jobId: "backfill-evm-8453-a",
    });
    await until(async () => (await operatorQueue.getState(BACKFILL_QUEUE, id)) === "completed");
    const waiting = await chainQueue.getJobs(["waiting"]);
    expect(waiting.map((j) => ({ name: j.name, data: j.data }))).toEqual([
      { name: BackfillJobs.chain, data: request },
    ]);

    // the same request again is the same plan, not a second one
    await operatorQueue.enqueue(BACKFILL_QUEUE, BACKFILL_JOB, request, { jobId: "backfill-evm-8453-b" });
    await until(
      async () => (await operatorQueue.getState(BACKFILL_QUEUE, "backfill-evm-8453-b")) === "completed",
    );
    expect(await chainQueue.getJobCountByTypes("waiting")).toBe(1);

    const cancel = await operatorQueue.enqueue(
      BACKFILL_QUEUE,
      CANCEL_BACKFILL_JOB,
      { chain: "evm:8453", chainName: "base", namespace: "markets", uid: "u1" },
      { jobId: "cancel-u1" },
    );
    await until(async () => (await operatorQueue.getState(BACKFILL_QUEUE, cancel)) === "completed");
    expect(await chainQueue.getJobCountByTypes("waiting", "delayed")).toBe(0);
  });

  it("fails, without retrying, a request it cannot serve", async () => {
    const id = await operatorQueue.enqueue(
      BACKFILL_QUEUE,
      BACKFILL_JOB,
      { chain: "solana", chainName: "sol", namespace: "markets", fromBlock: 1, blocksPerJob: 10 },
      { jobId: "backfill-solana-x" },
    );
    await until(async () => (await operatorQueue.getState(BACKFILL_QUEUE, id)) === "failed");
    const job = await new Queue(BACKFILL_QUEUE, { connection, prefix }).getJob(toBullJobId(id));
    expect(job?.attemptsMade).toBe(1);
    expect(job?.failedReason).toMatch(/EVM chains only/);
  });

  it("hands the jobs workers the operator's own job id", async () => {
    const queue = createBullQueue({ url: TEST_REDIS_URL, prefix, logger: ctx.logger });
    const seen: string[] = [];
    const worker = await queue.process("ids-check", async (job) => {
      seen.push(job.id);
    });
    try {
      const id = await operatorQueue.enqueue(
        "ids-check",
        "probe",
        {},
        { jobId: "backfill-evm-8453-u1-100-50" },
      );
      expect(id).toBe("backfill-evm-8453-u1-100-50");
      await until(async () => (await operatorQueue.getState("ids-check", id)) === "completed");
      expect(seen).toEqual(["backfill-evm-8453-u1-100-50"]);
    } finally {
      await worker.close();
      await queue.close();
    }
  });

  it("answers the chart's probes", async () => {
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
    expect((await fetch(`http://127.0.0.1:${port}/readyz`)).status).toBe(200);
  });
});
