import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createContext, createMemoryQueue, type Job } from "@tapeline/core";
import { afterAll, describe, expect, it } from "vitest";
import { type JobDeps, loadJobsConfig, loadProcessors, startJobsWorker } from "./index.ts";

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function processorTree(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), "tl-jobs-"));
  dirs.push(dir);
  for (const [folder, source] of Object.entries(files)) {
    mkdirSync(path.join(dir, folder));
    writeFileSync(path.join(dir, folder, "processors.ts"), source);
  }
  return dir;
}

async function until(check: () => Promise<boolean>): Promise<void> {
  while (!(await check())) await new Promise((r) => setTimeout(r, 5));
}

describe("jobs worker", () => {
  it("dispatches jobs to the processor of their name and fails unknown names at once", async () => {
    const ctx = createContext({ name: "jobs-test", level: "silent" });
    const queue = createMemoryQueue({ defaultBackoffMs: 1, logger: ctx.logger });
    const seen: { name: string; data: unknown; attempt: number }[] = [];
    const deps: JobDeps = { ctx, queue, pool: null };
    const worker = await startJobsWorker({
      queue,
      queueName: "jobs",
      deps,
      processors: {
        backfill: async (job: Job<unknown>, d) => {
          expect(d).toBe(deps);
          seen.push({ name: job.name, data: job.data, attempt: job.attempts });
          if (job.attempts < 2) throw new Error("node lagging, retry");
          return "done";
        },
      },
    });
    try {
      const ok = await queue.enqueue(
        "jobs",
        "backfill",
        { chain: "evm:1", from: 1, to: 10 },
        { attempts: 3 },
      );
      const unknown = await queue.enqueue("jobs", "nobody-handles-this", {}, { attempts: 5 });
      await until(async () => (await queue.getState("jobs", ok)) === "completed");
      await until(async () => (await queue.getState("jobs", unknown)) === "failed");
      expect(seen).toEqual([
        { name: "backfill", data: { chain: "evm:1", from: 1, to: 10 }, attempt: 1 },
        { name: "backfill", data: { chain: "evm:1", from: 1, to: 10 }, attempt: 2 },
      ]);
    } finally {
      await worker.close();
      await queue.close();
    }
  });

  it("loads processors from every folder and refuses a name claimed twice", async () => {
    const ok = processorTree({
      a: "export const processors = { one: async () => 1 };",
      b: "export const processors = { two: async () => 2 };",
    });
    expect(Object.keys(await loadProcessors(ok)).sort()).toEqual(["one", "two"]);
    const clash = processorTree({
      a: "export const processors = { same: async () => 1 };",
      b: "export const processors = { same: async () => 2 };",
    });
    await expect(loadProcessors(clash)).rejects.toThrow(/same is processed by both a and b/);
  });

  it("lists every configuration problem", () => {
    expect(() => loadJobsConfig({ JOBS_CONCURRENCY: "0", DATABASE_URL: "mysql://x" })).toThrow(
      /REDIS_URL is required[\s\S]*JOBS_CONCURRENCY[\s\S]*DATABASE_URL must be a postgres/,
    );
    expect(loadJobsConfig({ REDIS_URL: "redis://127.0.0.1:6379" })).toMatchObject({
      queueNames: ["jobs", "backfill"],
      concurrency: 4,
      bullPrefix: "tl:bull",
      databaseUrl: undefined,
    });
  });
});
