/** A job: a named unit of work with a JSON payload and an idempotency id. */
export type Job<T = unknown> = { id: string; name: string; data: T; attempts: number };

/** Thrown by a processor for an error that must not be retried. */
export class NonRetryableJobError extends Error {
  override name = "NonRetryableJobError";
}

export type EnqueueOptions = {
  /** Idempotency key: a job with the same id already waiting or active is not added twice. */
  jobId?: string;
  attempts?: number;
  backoffMs?: number;
  delayMs?: number;
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
  getState(queue: string, jobId: string): Promise<JobState>;
  close(): Promise<void>;
}
