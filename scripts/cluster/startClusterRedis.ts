import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { freePort } from "@tapeline/core";
import { Redis } from "ioredis";

/** The cluster's Redis and the prefix every key of this cluster starts with. */
export type ClusterRedis = {
  url: string;
  prefix: string;
  /** Stops and starts the server again on the same port and data (own server only). */
  restart(): Promise<void>;
  /** Deletes this cluster's keys (shared server) or stops the server (own one). */
  stop(): Promise<void>;
};

/** The machine's Redis, shared: the cluster keeps to keys under `prefix`, removed at the end. */
export function sharedRedis(url: string, prefix: string): ClusterRedis {
  return {
    url,
    prefix,
    restart: async () => {
      throw new Error("the shared Redis is never restarted; start the cluster with its own");
    },
    async stop() {
      const redis = new Redis(url, { maxRetriesPerRequest: 1 });
      try {
        let cursor = "0";
        do {
          const [next, keys] = await redis.scan(cursor, "MATCH", `${prefix}*`, "COUNT", 500);
          cursor = next;
          if (keys.length > 0) await redis.unlink(...keys);
        } while (cursor !== "0");
      } finally {
        redis.disconnect();
      }
    },
  };
}

/**
 * A `redis-server` of its own on a free loopback port, appending to a file in `dir` so a restart
 * keeps the queues, the streams and the billing counters, as a persistent production Redis does.
 */
export async function ownRedis(opts: {
  dir: string;
  prefix: string;
  binary?: string;
}): Promise<ClusterRedis> {
  const dir = path.join(opts.dir, "redis");
  mkdirSync(dir, { recursive: true });
  const port = await freePort();
  const url = `redis://127.0.0.1:${port}`;
  let child: ChildProcess | null = null;
  const start = async () => {
    const proc = spawn(
      opts.binary ?? "redis-server",
      ["--port", String(port), "--bind", "127.0.0.1", "--dir", dir, "--save", "", "--appendonly", "yes"],
      { stdio: "ignore" },
    );
    child = proc;
    const deadline = Date.now() + 10_000;
    for (;;) {
      if (proc.exitCode !== null) throw new Error(`redis-server exited with ${proc.exitCode}`);
      const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
      probe.on("error", () => {});
      try {
        await probe.connect();
        await probe.ping();
        return;
      } catch {
        if (Date.now() > deadline) throw new Error(`redis-server did not answer on ${port}`);
      } finally {
        probe.disconnect();
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  const stop = async () => {
    const proc = child;
    if (!proc || proc.exitCode !== null) return;
    const exited = new Promise((r) => proc.once("exit", r));
    proc.kill("SIGTERM");
    await exited;
  };
  await start();
  return {
    url,
    prefix: opts.prefix,
    async restart() {
      await stop();
      await start();
    },
    stop,
  };
}
