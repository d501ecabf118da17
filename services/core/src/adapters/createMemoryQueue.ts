import { randomUUID } from "node:crypto";
import pino, { type Logger } from "pino";
import type { EnqueueOptions, Job, JobQueue, JobState, RepeatOptions } from "../ports/queue.ts";
import { AdapterClosedError } from "./AdapterClosedError.ts";
import { isNonRetryable } from "./isNonRetryable.ts";

export type MemoryQueueOptions = {
  /** Attempts when `enqueue` gives none. @defaultValue 3 */
  defaultAttempts?: number;
  /** First retry delay when `enqueue` gives none; doubles on each retry. @defaultValue 1000 */
  defaultBackoffMs?: number;
  /** Finished jobs remembered per queue for `getState`. @defaultValue 10000 */
  keepFinished?: number;
  /** Where job failures are reported. @defaultValue a pino logger named "queue" */
  logger?: Logger;
};

type JobRecord = {
  id: string;
  name: string;
  json: string;
  state: JobState;
  attempts: number;
  attemptsMade: number;
  backoffMs: number;
  timer: NodeJS.Timeout | null;
};

type Worker = {
  processor: (job: Job<unknown>) => Promise<unknown>;
  concurrency: number;
  running: Set<Promise<void>>;
  closing: boolean;
};

type QueueState = {
  jobs: Map<string, JobRecord>;
  /** FIFO of waiting jobs; `head` indexes the next one, so taking a job never shifts the array. */
  waiting: JobRecord[];
  head: number;
  workers: Worker[];
  finished: JobRecord[];
};

const PENDING: ReadonlySet<JobState> = new Set(["waiting", "active", "delayed"]);

/**
 * In-process job queue with the semantics of the BullMQ adapter: a `jobId` already waiting,
 * delayed or active is not added again (once finished, the same id may run again); failed
 * attempts retry after `backoffMs * 2^(n-1)` until `attempts` are used; an error with
 * `retryable: false` (see isNonRetryable) fails the job at once; each processor runs at most `concurrency` jobs at a time. Data is
 * passed through JSON, as it is through Redis. `Job.attempts` is the attempt number, from 1.
 */
export function createMemoryQueue(opts: MemoryQueueOptions = {}): JobQueue {
  const defaultAttempts = opts.defaultAttempts ?? 3;
  const defaultBackoffMs = opts.defaultBackoffMs ?? 1_000;
  const keepFinished = opts.keepFinished ?? 10_000;
  const logger = opts.logger ?? pino({ name: "queue" });
  const queues = new Map<string, QueueState>();
  const scheduled = new Set<QueueState>();
  const repeats = new Map<string, NodeJS.Timeout>();
  let closed = false;

  const queueFor = (name: string): QueueState => {
    let q = queues.get(name);
    if (!q) {
      q = { jobs: new Map(), waiting: [], head: 0, workers: [], finished: [] };
      queues.set(name, q);
    }
    return q;
  };

  // Dispatch on a later tick, so enqueue and process never run a processor synchronously.
  const schedule = (q: QueueState): void => {
    if (scheduled.has(q)) return;
    scheduled.add(q);
    setImmediate(() => {
      scheduled.delete(q);
      dispatch(q);
    });
  };

  const dispatch = (q: QueueState): void => {
    if (closed) return;
    let progressed = true;
    while (q.head < q.waiting.length && progressed) {
      progressed = false;
      for (const w of q.workers) {
        if (w.closing || w.running.size >= w.concurrency) continue;
        const rec = q.waiting[q.head++];
        if (!rec) break;
        run(q, w, rec);
        progressed = true;
      }
    }
    if (q.head > 1024 && q.head * 2 > q.waiting.length) {
      q.waiting = q.waiting.slice(q.head);
      q.head = 0;
    }
  };

  const finish = (q: QueueState, rec: JobRecord, state: "completed" | "failed"): void => {
    rec.state = state;
    q.finished.push(rec);
    // Forget the oldest in chunks, so a busy queue does not shift the array on every job.
    const excess = q.finished.length - keepFinished;
    if (excess > Math.max(0, keepFinished >> 4)) {
      for (const old of q.finished.splice(0, excess)) if (q.jobs.get(old.id) === old) q.jobs.delete(old.id);
    }
  };

  const run = (q: QueueState, w: Worker, rec: JobRecord): void => {
    rec.state = "active";
    const job: Job<unknown> = {
      id: rec.id,
      name: rec.name,
      data: JSON.parse(rec.json),
      attempts: rec.attemptsMade + 1,
    };
    const task = (async () => {
      try {
        await w.processor(job);
        finish(q, rec, "completed");
      } catch (err) {
        rec.attemptsMade += 1;
        const final = isNonRetryable(err) || rec.attemptsMade >= rec.attempts;
        logger.warn(
          { err, jobId: rec.id, jobName: rec.name, attempt: rec.attemptsMade, final },
          "job attempt failed",
        );
        if (final || closed) {
          finish(q, rec, "failed");
        } else {
          rec.state = "delayed";
          rec.timer = setTimeout(() => release(q, rec), rec.backoffMs * 2 ** (rec.attemptsMade - 1));
          rec.timer.unref();
        }
      }
    })().finally(() => {
      w.running.delete(task);
      schedule(q);
    });
    w.running.add(task);
  };

  const release = (q: QueueState, rec: JobRecord): void => {
    rec.timer = null;
    rec.state = "waiting";
    q.waiting.push(rec);
    schedule(q);
  };

  const repeatKey = (queue: string, key: string): string => `${queue}\u0000${key}`;

  const api: JobQueue = {
    async enqueue<T>(queue: string, name: string, data: T, eo: EnqueueOptions = {}): Promise<string> {
      if (closed) throw new AdapterClosedError("memory queue");
      const json = JSON.stringify(data);
      if (json === undefined) throw new TypeError(`job data for ${queue}/${name} is not JSON-serializable`);
      const q = queueFor(queue);
      const id = eo.jobId ?? randomUUID();
      const existing = q.jobs.get(id);
      if (existing && PENDING.has(existing.state)) return id;
      const rec: JobRecord = {
        id,
        name,
        json,
        state: "waiting",
        attempts: Math.max(1, eo.attempts ?? defaultAttempts),
        attemptsMade: 0,
        backoffMs: eo.backoffMs ?? defaultBackoffMs,
        timer: null,
      };
      q.jobs.set(id, rec);
      if (eo.delayMs !== undefined && eo.delayMs > 0) {
        rec.state = "delayed";
        rec.timer = setTimeout(() => release(q, rec), eo.delayMs);
        rec.timer.unref();
      } else {
        q.waiting.push(rec);
        schedule(q);
      }
      return id;
    },

    async process<T, R = unknown>(
      queue: string,
      processor: (job: Job<T>) => Promise<R>,
      po: { concurrency?: number } = {},
    ): Promise<{ close(): Promise<void> }> {
      if (closed) throw new AdapterClosedError("memory queue");
      const q = queueFor(queue);
      const w: Worker = {
        processor: processor as (job: Job<unknown>) => Promise<unknown>,
        concurrency: Math.max(1, po.concurrency ?? 1),
        running: new Set(),
        closing: false,
      };
      q.workers.push(w);
      schedule(q);
      return {
        async close() {
          w.closing = true;
          q.workers = q.workers.filter((x) => x !== w);
          await Promise.all(w.running);
        },
      };
    },

    async repeat<T>(queue: string, name: string, data: T, ro: RepeatOptions): Promise<void> {
      if (closed) throw new AdapterClosedError("memory queue");
      if (!(ro.everyMs >= 10)) throw new RangeError(`repeat ${ro.key}: everyMs must be at least 10`);
      if (JSON.stringify(data) === undefined) {
        throw new TypeError(`job data for ${queue}/${name} is not JSON-serializable`);
      }
      await api.unrepeat(queue, ro.key);
      // One id per schedule: while a run is pending, the next tick is deduplicated against it.
      const add = (): void =>
        void api
          .enqueue(queue, name, data, { jobId: `repeat:${ro.key}`, attempts: ro.attempts ?? 1 })
          .catch((err) => logger.warn({ err, queue, key: ro.key }, "repeat run not added"));
      const timer = setInterval(add, ro.everyMs);
      timer.unref();
      repeats.set(repeatKey(queue, ro.key), timer);
      add();
    },

    async unrepeat(queue: string, key: string): Promise<boolean> {
      const timer = repeats.get(repeatKey(queue, key));
      if (!timer) return false;
      clearInterval(timer);
      repeats.delete(repeatKey(queue, key));
      return true;
    },

    async getState(queue: string, jobId: string): Promise<JobState> {
      return queues.get(queue)?.jobs.get(jobId)?.state ?? "unknown";
    },

    async close() {
      if (closed) return;
      closed = true;
      for (const timer of repeats.values()) clearInterval(timer);
      repeats.clear();
      const running: Promise<void>[] = [];
      for (const q of queues.values()) {
        for (const rec of q.jobs.values()) if (rec.timer) clearTimeout(rec.timer);
        for (const w of q.workers) {
          w.closing = true;
          running.push(...w.running);
        }
      }
      await Promise.all(running);
    },
  };
  return api;
}
