import { randomUUID } from "node:crypto";
import { type EnqueueOptions, type JobQueue, type JobState, toBullJobId } from "@tapeline/core";
import { Queue } from "bullmq";
import { Redis } from "ioredis";

/** BullMQ key prefix of the jobs workers (services/jobs `BULL_PREFIX` default, core's createBullQueue default). */
export const JOBS_BULL_PREFIX = "tl:bull";

/** The part of the JobQueue port the operator uses: it enqueues and reads states; the jobs workers process. */
export type OperatorJobQueue = Pick<JobQueue, "enqueue" | "getState" | "close">;

/**
 * A BullMQ-backed queue for the operator. Jobs keep their id (idempotency) and, completed, stay in Redis
 * for BullMQ's default retention, so enqueueing the same backfill again is a no-op.
 * @param prefix BullMQ key prefix (default `tl:bull`, the prefix the jobs workers read with), distinct per test suite.
 */
export function createBullJobQueue(redisUrl: string, opts: { prefix?: string } = {}): OperatorJobQueue {
  const connection = new Redis(redisUrl, { maxRetriesPerRequest: null, lazyConnect: true });
  const queues = new Map<string, Queue>();
  const queue = (name: string) => {
    let q = queues.get(name);
    if (!q) {
      q = new Queue(name, { connection, prefix: opts.prefix ?? JOBS_BULL_PREFIX });
      queues.set(name, q);
    }
    return q;
  };
  return {
    async enqueue<T>(name: string, jobName: string, data: T, o: EnqueueOptions = {}): Promise<string> {
      const id = o.jobId ?? randomUUID();
      await queue(name).add(jobName, data, {
        // the id shape of core's queue adapter, so the jobs workers read back the same id
        jobId: toBullJobId(id),
        attempts: o.attempts ?? 5,
        backoff: { type: "exponential", delay: o.backoffMs ?? 5000 },
        ...(o.delayMs ? { delay: o.delayMs } : {}),
      });
      return id;
    },
    async getState(name: string, jobId: string): Promise<JobState> {
      const state = await queue(name).getJobState(toBullJobId(jobId));
      const known: readonly JobState[] = ["waiting", "active", "completed", "failed", "delayed"];
      if (state === "waiting-children" || state === "prioritized") return "waiting";
      return known.includes(state as JobState) ? (state as JobState) : "unknown";
    },
    async close(): Promise<void> {
      await Promise.all([...queues.values()].map((q) => q.close()));
      connection.disconnect();
    },
  };
}
