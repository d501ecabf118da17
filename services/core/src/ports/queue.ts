import { TapelineError } from "../errors.ts";

/** A job: a named unit of work with a JSON payload and an idempotency id. */
export type Job<T = unknown> = { id: string; name: string; data: T; attempts: number };

/** Thrown by a processor for an error that must not be retried (any TapelineError with `retryable: false` does the same). */
export class NonRetryableJobError extends TapelineError {
  override name = "NonRetryableJobError";
}

export type EnqueueOptions = {
  /** Idempotency key: a job with the same id already waiting or active is not added twice. */
  jobId?: string;
  attempts?: number;
  backoffMs?: number;
  delayMs?: number;
};

/** A job run on a fixed period, registered under a key (one schedule per key and queue). */
export type RepeatOptions = {
  /** Identifies the schedule: registering the same key again replaces its period and data. */
  key: string;
  /** Period between runs, at least 10 ms. */
  everyMs: number;
  /** Attempts of each run. @defaultValue 1 (the next run is the retry) */
  attempts?: number;
};

export type JobState = "waiting" | "active" | "completed" | "failed" | "delayed" | "unknown";

/** Job queue port (BullMQ in a cluster, in-process in the dev stack). */
export interface JobQueue {
  enqueue<T>(queue: string, name: string, data: T, opts?: EnqueueOptions): Promise<string>;
  process<T, R = unknown>(
    queue: string,
    processor: (job: Job<T>) => Promise<R>,
    opts?: { concurrency?: number },
  ): Promise<{ close(): Promise<void> }>;
  /**
   * Schedules `name` with `data` every `everyMs` on `queue`, until `unrepeat`. A run is not added
   * while the previous one of the same schedule is still waiting, so a slow processor does not
   * pile runs up. The schedule outlives the process with BullMQ, not with the in-memory queue.
   */
  repeat<T>(queue: string, name: string, data: T, opts: RepeatOptions): Promise<void>;
  /** Drops the schedule of `key` (runs already started finish). @returns whether it existed */
  unrepeat(queue: string, key: string): Promise<boolean>;
  getState(queue: string, jobId: string): Promise<JobState>;
  close(): Promise<void>;
}
