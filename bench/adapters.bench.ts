/**
 * Throughput of the bus, queue and counter adapters, Redis-backed against in-memory:
 *   counters: debitIfAvailable calls/s, 64 in flight (the per-request credit debit);
 *   bus: messages/s from the first publish to the last delivery, 256 publishes in flight;
 *   queue: jobs/s from the first enqueue to the last completion, concurrency 8.
 * Env: BENCH_N (operations per figure, default 20000), TEST_REDIS_URL.
 */
import {
  type Bus,
  type Cache,
  createBullQueue,
  createMemoryBus,
  createMemoryCache,
  createMemoryQueue,
  createRedisBus,
  createRedisCache,
  type JobQueue,
} from "@tapeline/core";
import { deleteRedisKeys, TEST_REDIS_URL, testRedisPrefix } from "@tapeline/core/testing";
import pino from "pino";

const N = Number(process.env.BENCH_N ?? 20_000);
const logger = pino({ level: "silent" });
const prefix = testRedisPrefix("bench");

async function inFlight(total: number, width: number, op: (i: number) => Promise<unknown>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < total) await op(next++);
    }),
  );
}

function report(what: string, count: number, ms: number): void {
  console.log(
    `${what.padEnd(44)} ${Math.round((count / ms) * 1000)
      .toLocaleString("en-US")
      .padStart(10)} /s  (${count} in ${ms.toFixed(0)} ms)`,
  );
}

async function counters(label: string, cache: Cache): Promise<void> {
  await cache.incrBy("balance", N);
  const t0 = performance.now();
  await inFlight(N, 64, () => cache.debitIfAvailable("balance", 1));
  report(`counters ${label}: debitIfAvailable`, N, performance.now() - t0);
  await cache.close();
}

async function bus(label: string, b: Bus): Promise<void> {
  let got = 0;
  let done!: () => void;
  const all = new Promise<void>((r) => {
    done = r;
  });
  await b.subscribe("bench", () => {
    if (++got === N) done();
  });
  const t0 = performance.now();
  await inFlight(N, 256, (i) => b.publish("bench", `pool-${i % 100}`, { i, price: "1234.5678" }));
  await all;
  report(`bus ${label}: publish -> deliver`, N, performance.now() - t0);
  await b.close();
}

async function queue(label: string, q: JobQueue, n: number): Promise<void> {
  let got = 0;
  let done!: () => void;
  const all = new Promise<void>((r) => {
    done = r;
  });
  await q.process(
    "bench",
    async () => {
      if (++got === n) done();
    },
    { concurrency: 8 },
  );
  const t0 = performance.now();
  await inFlight(n, 64, (i) => q.enqueue("bench", "job", { i }));
  await all;
  report(`queue ${label}: enqueue -> complete`, n, performance.now() - t0);
  await q.close();
}

try {
  await counters("redis", createRedisCache({ url: TEST_REDIS_URL, prefix }));
  await counters("memory", createMemoryCache());
  await bus("redis", createRedisBus({ url: TEST_REDIS_URL, prefix, logger }));
  await bus("memory", createMemoryBus({ logger }));
  // BullMQ does several round trips per job; a fifth of N keeps the run short.
  await queue("bullmq", createBullQueue({ url: TEST_REDIS_URL, prefix, logger }), Math.ceil(N / 5));
  await queue("memory", createMemoryQueue({ logger }), N);
} finally {
  await deleteRedisKeys(prefix);
}
