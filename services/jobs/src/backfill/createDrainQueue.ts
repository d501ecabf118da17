import { Queue } from "bullmq";
import { Redis } from "ioredis";

/**
 * Removes the waiting and delayed jobs of BullMQ queues (active jobs finish). One connection,
 * opened on first use.
 */
export function createDrainQueue(opts: { url: string; prefix: string }): {
  drainQueue(queue: string): Promise<number>;
  close(): Promise<void>;
} {
  const prefix = opts.prefix.replace(/:+$/, "");
  let connection: Redis | null = null;
  return {
    async drainQueue(name) {
      connection ??= new Redis(opts.url, { maxRetriesPerRequest: 2 });
      const q = new Queue(name, { connection, prefix });
      try {
        const pending = await q.getJobCountByTypes("waiting", "delayed", "prioritized");
        await q.drain(true);
        return pending;
      } finally {
        await q.close();
      }
    },
    async close() {
      await connection?.quit().catch(() => connection?.disconnect());
    },
  };
}
