/**
 * Streams from the router's entry point with API_WORKERS=2, as a real process tree: connections
 * land round-robin on the two worker processes, each consuming the bus itself, and every client
 * gets the same events in the same order.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import {
  type ChainId,
  createRedisBus,
  type MarketEvent,
  marketKey,
  publishMarketEvents,
} from "@tapeline/core";
import { freePort, TEST_REDIS_URL, testRedisPrefix } from "@tapeline/core/testing";
import { afterAll, describe, expect, it } from "vitest";
import { deleteRedisKeys } from "../../services/core/src/testing/deleteRedisKeys.ts";
import { connectWs, type WsClient } from "./wsClient.ts";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const dir = mkdtempSync(path.join(tmpdir(), "tapeline-stream-workers-"));
const prefix = testRedisPrefix("stream-workers");
let child: ChildProcess | null = null;

afterAll(async () => {
  child?.kill("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
  await deleteRedisKeys(prefix);
});

const CHAIN: ChainId = "evm:31337";
const POOL = `0x${"11".repeat(20)}`;

function rollback(n: number): MarketEvent {
  return {
    type: "rollback",
    chain: CHAIN,
    market: marketKey(CHAIN, POOL),
    pool: POOL,
    token: `0x${"22".repeat(20)}`,
    ancestorBlock: n,
    orphanedTradeIds: [`t${n}`],
  };
}

describe("streams across router worker processes", () => {
  it("delivers the same events to clients on either worker", async () => {
    const port = await freePort();
    const mapPath = path.join(dir, "shards.json");
    writeFileSync(
      mapPath,
      JSON.stringify({ version: 1, partitions: 16, shards: [{ name: "q-0", url: "http://127.0.0.1:9" }] }),
    );
    child = spawn(process.execPath, ["--import", "tsx", path.join(ROOT, "services/api/src/index.ts")], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? "",
        LOG_LEVEL: "error",
        API_WORKERS: "2",
        BILLING_ENABLED: "false",
        REDIS_URL: TEST_REDIS_URL,
        BUS_PREFIX: prefix,
        SHARD_MAP_PATH: mapPath,
        HOST: "127.0.0.1",
        PORT: String(port),
      },
      stdio: ["ignore", "inherit", "inherit"],
    });
    const url = `ws://127.0.0.1:${port}/v1/stream`;
    const clients: WsClient[] = [];
    for (let i = 0; i < 4; i++) {
      let c: WsClient | null = null;
      for (let t = 0; t < 300 && !c; t++) {
        c = await connectWs(url).catch(() => null);
        if (!c) await new Promise((r) => setTimeout(r, 100));
      }
      c!.send({ type: "auth", key: "any" });
      await c!.next((f) => f.type === "ready");
      c!.send({ type: "subscribe", id: "s", channel: "trades", params: { chain: CHAIN, pool: POOL } });
      await c!.next((f) => f.type === "ack");
      clients.push(c!);
    }
    const bus = createRedisBus({ url: TEST_REDIS_URL, prefix });
    try {
      for (let n = 1; n <= 20; n++) await publishMarketEvents(bus, [rollback(n)]);
    } finally {
      await bus.close();
    }
    const seen = (c: WsClient) => c.frames.filter((f) => f.type === "rollback").map((f) => f.ancestorBlock);
    for (const c of clients) await c.next((f) => f.type === "rollback" && f.ancestorBlock === 20);
    for (const c of clients) expect(seen(c)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    for (const c of clients) c.ws.close();
    const exited = new Promise<number | null>((resolve) => child!.once("exit", (code) => resolve(code)));
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
    child = null;
  }, 60_000);
});
