/**
 * What a stream hub tells its subscriptions when its bus consumer fell behind the bus's retention
 * (events trimmed before it read them): one `gap` frame, in place of the lost events, to each
 * subscription that may have lost some — the trades of markets on the overtaken topic, every
 * token subscription of the chain — and none to the others; the retained events follow.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  type ChainId,
  createContext,
  createMemoryBus,
  type MarketEvent,
  marketEventTopicOf,
  marketKey,
  publishMarketEvents,
} from "@tapeline/core";
import { afterAll, describe, expect, it, vi } from "vitest";
import { createHttpShardClient } from "../../services/api/src/shards/createHttpShardClient.ts";
import { createStreamHub, type StreamSink } from "../../services/api/src/streams/createStreamHub.ts";

const CHAIN: ChainId = "evm:31337";
const TOKEN = `0x${"22".repeat(20)}`;
const POOL = `0x${"11".repeat(20)}`;
/** A pool whose events travel on another topic than POOL's. */
const OTHER_POOL = (() => {
  for (let b = 0x30; ; b++) {
    const pool = `0x${b.toString(16).repeat(20)}`;
    if (marketEventTopicOf(marketKey(CHAIN, pool)) !== marketEventTopicOf(marketKey(CHAIN, POOL)))
      return pool;
  }
})();

const dir = mkdtempSync(path.join(tmpdir(), "tapeline-stream-gap-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function rollback(n: number): MarketEvent {
  return {
    type: "rollback",
    chain: CHAIN,
    market: marketKey(CHAIN, POOL),
    pool: POOL,
    token: TOKEN,
    ancestorBlock: n,
    orphanedTradeIds: [],
  };
}

/** A sink recording what a subscription got: `gap`, or a rollback's ancestor block. */
function recorder(): { got: (string | number)[]; sink: StreamSink } {
  const got: (string | number)[] = [];
  return {
    got,
    sink: {
      push(frame) {
        const f = JSON.parse(frame) as { type: string; ancestorBlock?: number };
        got.push(f.type === "gap" ? "gap" : f.ancestorBlock!);
      },
    },
  };
}

describe("stream hub past the bus's retention", () => {
  it("sends one gap frame, in place of the lost events, to each subscription that may have lost some", async () => {
    const ctx = createContext({ name: "stream-gap", level: "silent" });
    // No shard answers (rollbacks need no read; token-updates of an untouched token read nothing).
    const mapPath = path.join(dir, "shards.json");
    writeFileSync(
      mapPath,
      JSON.stringify({ version: 1, partitions: 16, shards: [{ name: "q-0", url: "http://127.0.0.1:9" }] }),
    );
    const shards = await createHttpShardClient({ mapPath, ctx, pollMs: 0 });
    const bus = createMemoryBus({ logger: ctx.logger, maxLen: 32 });
    const hub = createStreamHub({ bus, shards, logger: ctx.logger });
    try {
      const pool = recorder();
      const otherPool = recorder();
      const token = recorder();
      const updates = recorder();
      await hub.subscribeTrades("pool", { chain: CHAIN, pool: POOL }, pool.sink);
      await hub.subscribeTrades("other", { chain: CHAIN, pool: OTHER_POOL }, otherPool.sink);
      await hub.subscribeTrades("token", { chain: CHAIN, token: TOKEN }, token.sink);
      await hub.subscribeTokenUpdates(
        "updates",
        { chain: CHAIN, tokens: [`0x${"99".repeat(20)}`] },
        updates.sink,
      );

      // Published within one turn: the hub's consumer reads only after the trim passed it.
      await Promise.all(Array.from({ length: 500 }, (_, i) => publishMarketEvents(bus, [rollback(i + 1)])));
      // What the bus still holds, read by a consumer of the test's own.
      const retained: number[] = [];
      await bus.subscribe<MarketEvent>(
        marketEventTopicOf(marketKey(CHAIN, POOL)),
        (m) => void (m.payload.type === "rollback" && retained.push(m.payload.ancestorBlock)),
        { fromId: "0" },
      );
      await vi.waitFor(() => expect(retained.at(-1)).toBe(500), { timeout: 10_000, interval: 5 });
      expect(retained.length).toBeLessThan(499); // the trim did pass the hub's position
      await vi.waitFor(() => expect(pool.got.at(-1)).toBe(500), { timeout: 10_000, interval: 5 });

      expect(pool.got).toEqual(["gap", ...retained]);
      expect(token.got).toEqual(["gap", ...retained]);
      expect(updates.got).toEqual(["gap"]);
      expect(otherPool.got).toEqual([]);
    } finally {
      await hub.close();
      await bus.close();
      await shards.close();
    }
  });
});
