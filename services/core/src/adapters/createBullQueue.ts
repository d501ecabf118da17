import { randomUUID } from "node:crypto";
import { type Job as BullJob, Queue, UnrecoverableError, Worker } from "bullmq";
import { Redis } from "ioredis";
import pino, { type Logger } from "pino";
import type { EnqueueOptions, Job, JobQueue, JobState, RepeatOptions } from "../ports/queue.ts";
import { AdapterClosedError } from "./AdapterClosedError.ts";
import { isNonRetryable } from "./isNonRetryable.ts";

export type BullQueueOptions = {
  /** Redis URL, e.g. `redis://127.0.0.1:6379`. */
  url: string;
  /** Prefix of every BullMQ key (a trailing ":" is dropped; BullMQ adds its own). @defaultValue "tl:bull" */
  prefix?: string;
  /** Attempts when `enqueue` gives none. @defaultValue 3 */
  defaultAttempts?: number;
  /** First retry delay when `enqueue` gives none; doubles on each retry. @defaultValue 1000 */
  defaultBackoffMs?: number;
  /** How long the final state of a finished job stays readable by `getState`. @defaultValue 86400000 */
  keepFinishedMs?: number;
  /** Where job and worker failures are reported. @defaultValue a pino logger named "queue" */
  logger?: Logger;
};

const BULL_STATES: Record<string, JobState> = {
  waiting: "waiting",
  prioritized: "waiting",
  "waiting-children": "waiting",
  active: "active",
  delayed: "delayed",
  completed: "completed",
  failed: "failed",
};

/**
 * The BullMQ job id of a job id (BullMQ refuses custom ids that look like integers or contain
 * ":"; ours may do both). Any other BullMQ client adding jobs these workers take must use it.
 */
export const toBullJobId = (id: string): string => `j.${encodeURIComponent(id)}`;
// Runs of a job scheduler carry BullMQ's own ids (`repeat:<key>:<time>`); they pass through as is.
const fromBullId = (bullId: string): string =>
  bullId.startsWith("j.") ? decodeURIComponent(bullId.slice(2)) : bullId;

/**
 * Job queue on BullMQ. Jobs are removed from BullMQ when they finish, so a `jobId` is
 * deduplicated exactly while it is waiting, delayed or active (BullMQ keeps one job per id);
 * the final state is then kept in a side key for `getState`. Retries use exponential
 * backoff; an error with `retryable: false` (NonRetryableJobError, or any TapelineError saying so) is
 * rethrown as BullMQ's UnrecoverableError, which fails the
 * job without further attempts. `Job.attempts` is the attempt number, from 1.
 */
export function createBullQueue(opts: BullQueueOptions): JobQueue {
  const prefix = (opts.prefix ?? "tl:bull").replace(/:+$/, "");
  const defaultAttempts = opts.defaultAttempts ?? 3;
  const defaultBackoffMs = opts.defaultBackoffMs ?? 1_000;
  const keepFinishedMs = opts.keepFinishedMs ?? 86_400_000;
  const logger = opts.logger ?? pino({ name: "queue" });
  const connectionName = `${prefix.replace(/[^A-Za-z0-9_.-]/g, "_")}_queue`;
  // Enqueue and getState fail fast while Redis is away; workers (maxRetriesPerRequest null, as
  // BullMQ requires) wait out reconnects instead.
  const connection = new Redis(opts.url, { connectionName });
  const workerConnection = new Redis(opts.url, { connectionName, maxRetriesPerRequest: null });
  const queues = new Map<string, Queue>();
  const workers = new Set<Worker>();
  let closed = false;

  const queueFor = (name: string): Queue => {
    let q = queues.get(name);
    if (!q) {
      q = new Queue(name, { connection, prefix });
      q.on("error", (err) => logger.error({ err, queue: name }, "queue connection error"));
      queues.set(name, q);
    }
    return q;
  };
  const finishedKey = (queue: string, bullId: string): string => `${prefix}:${queue}:tl-final:${bullId}`;
  const ensureOpen = (): void => {
    if (closed) throw new AdapterClosedError("bull queue");
  };

  return {
    async enqueue<T>(queue: string, name: string, data: T, eo: EnqueueOptions = {}): Promise<string> {
      ensureOpen();
      if (JSON.stringify(data) === undefined) {
        throw new TypeError(`job data for ${queue}/${name} is not JSON-serializable`);
      }
      const id = eo.jobId ?? randomUUID();
      await queueFor(queue).add(name, data, {
        jobId: toBullJobId(id),
        attempts: Math.max(1, eo.attempts ?? defaultAttempts),
        backoff: { type: "exponential", delay: eo.backoffMs ?? defaultBackoffMs },
        ...(eo.delayMs !== undefined && eo.delayMs > 0 ? { delay: eo.delayMs } : {}),
        removeOnComplete: true,
        removeOnFail: true,
      });
      return id;
    },

    async process<T, R = unknown>(
      queue: string,
      processor: (job: Job<T>) => Promise<R>,
      po: { concurrency?: number } = {},
    ): Promise<{ close(): Promise<void> }> {
      ensureOpen();
      const worker = new Worker<T, R>(
        queue,
        async (bullJob: BullJob<T, R>) => {
          const bullId = bullJob.id!;
          const job: Job<T> = {
            id: fromBullId(bullId),
            name: bullJob.name,
            data: bullJob.data,
            attempts: bullJob.attemptsMade + 1,
          };
          try {
            const result = await processor(job);
            // Written before BullMQ removes the job, so getState never sees a gap.
            await connection.set(finishedKey(queue, bullId), "completed", "PX", keepFinishedMs);
            return result;
          } catch (err) {
            const nonRetryable = isNonRetryable(err);
            const final = nonRetryable || bullJob.attemptsMade + 1 >= (bullJob.opts.attempts ?? 1);
            logger.warn(
              { err, queue, jobId: job.id, jobName: job.name, attempt: job.attempts, final },
              "job attempt failed",
            );
            if (final) await connection.set(finishedKey(queue, bullId), "failed", "PX", keepFinishedMs);
            if (nonRetryable) {
              throw Object.assign(new UnrecoverableError((err as Error).message), { cause: err });
            }
            throw err;
          }
        },
        { connection: workerConnection, prefix, concurrency: Math.max(1, po.concurrency ?? 1) },
      );
      worker.on("error", (err) => logger.error({ err, queue }, "worker error"));
      workers.add(worker);
      return {
        async close() {
          workers.delete(worker);
          await worker.close();
        },
      };
    },

    async repeat<T>(queue: string, name: string, data: T, ro: RepeatOptions): Promise<void> {
      ensureOpen();
      if (!(ro.everyMs >= 10)) throw new RangeError(`repeat ${ro.key}: everyMs must be at least 10`);
      if (JSON.stringify(data) === undefined) {
        throw new TypeError(`job data for ${queue}/${name} is not JSON-serializable`);
      }
      // A job scheduler keeps one pending run per key and survives restarts; upserting replaces it.
      await queueFor(queue).upsertJobScheduler(
        toBullJobId(ro.key),
        { every: ro.everyMs },
        {
          name,
          data,
          opts: { attempts: Math.max(1, ro.attempts ?? 1), removeOnComplete: true, removeOnFail: true },
        },
      );
    },

    async unrepeat(queue: string, key: string): Promise<boolean> {
      ensureOpen();
      return queueFor(queue).removeJobScheduler(toBullJobId(key));
    },

    async getState(queue: string, jobId: string): Promise<JobState> {
      ensureOpen();
      const bullId = toBullJobId(jobId);
      const state = await queueFor(queue).getJobState(bullId);
      if (state !== "unknown") return BULL_STATES[state] ?? "unknown";
      const finished = await connection.get(finishedKey(queue, bullId));
      return finished === "completed" || finished === "failed" ? finished : "unknown";
    },

    async close() {
      if (closed) return;
      closed = true;
      await Promise.all([...workers].map((w) => w.close()));
      workers.clear();
      await Promise.all([...queues.values()].map((q) => q.close()));
      queues.clear();
      await Promise.all([connection, workerConnection].map((c) => c.quit().catch(() => c.disconnect())));
    },
  };
}
