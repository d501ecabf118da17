import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createContext, createMemoryQueue, type Job } from "@tapeline/core";
import { describe, expect, it } from "vitest";
import { type JobDeps, loadJobsConfig, startJobsWorker } from "./index.ts";
import { mergeProcessors } from "./processors.ts";

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

  it("merges processor groups and refuses a name claimed twice", () => {
    const one = async () => 1;
    const two = async () => 2;
    expect(Object.keys(mergeProcessors({ a: { one }, b: { two } })).sort()).toEqual(["one", "two"]);
    expect(() => mergeProcessors({ a: { same: one }, b: { same: two } })).toThrow(
      /same is processed by both a and b/,
    );
  });

  it("wires every folder's processors.ts into processors.ts", () => {
    const src = path.dirname(fileURLToPath(import.meta.url));
    const folders = readdirSync(src, { withFileTypes: true })
      .filter((d) => d.isDirectory() && existsSync(path.join(src, d.name, "processors.ts")))
      .map((d) => d.name);
    expect(folders.length).toBeGreaterThan(0);
    const wiring = readFileSync(path.join(src, "processors.ts"), "utf8");
    expect(folders.filter((f) => !wiring.includes(`"./${f}/processors.ts"`))).toEqual([]);
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

  it("reads the metadata job's configuration: off by default, gateways https only", () => {
    const redis = { REDIS_URL: "redis://127.0.0.1:6379" };
    expect(loadJobsConfig(redis)).toMatchObject({
      metadataEveryMs: 0,
      metadata: {
        gateways: { ipfs: ["https://ipfs.io"], arweave: ["https://arweave.net"] },
        fetch: { timeoutMs: 5000, maxBytes: 262_144 },
        limit: 200,
      },
    });
    expect(
      loadJobsConfig({
        ...redis,
        DATABASE_URL: "postgres://x/y",
        METADATA_EVERY_MS: "60000",
        METADATA_IPFS_GATEWAYS: "https://a.example, https://b.example/",
        METADATA_TIMEOUT_MS: "2000",
      }),
    ).toMatchObject({
      metadataEveryMs: 60_000,
      metadata: {
        gateways: { ipfs: ["https://a.example", "https://b.example/"] },
        fetch: { timeoutMs: 2000 },
      },
    });
    expect(() =>
      loadJobsConfig({
        ...redis,
        METADATA_EVERY_MS: "500",
        METADATA_IPFS_GATEWAYS: "http://gw.example",
        METADATA_MAX_BYTES: "10",
      }),
    ).toThrow(
      /METADATA_IPFS_GATEWAYS: http:\/\/gw.example is not an https URL[\s\S]*METADATA_MAX_BYTES[\s\S]*METADATA_EVERY_MS must be 0[\s\S]*METADATA_EVERY_MS needs DATABASE_URL/,
    );
  });
});
