/**
 * Solana rollbacks on the live stream. The worker follows confirmed blocks, which the cluster can
 * still abandon: the recorded mainnet transactions are served as one branch, then as another that
 * shares its first half and drops every other block after it. The worker must roll back to the
 * last shared block and a trades subscriber must get the rollback (the orphaned trade ids and the
 * ancestor slot) before the replacing trades, ending with exactly the second branch's trades as
 * the decoders read them.
 */
import type { AddressInfo } from "node:net";
import { type Bus, createContext, createRedisBus, marketKey, serveHttp, type TradeRow } from "@tapeline/core";
import {
  createTestDatabase,
  TEST_REDIS_URL,
  type TestDatabase,
  testRedisPrefix,
} from "@tapeline/core/testing";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../services/api/src/createApp.ts";
import { createEndpointLists } from "../../services/api/src/endpointLists.ts";
import { createStaticKeyGate } from "../../services/api/src/gates/createStaticKeyGate.ts";
import { shardReadiness } from "../../services/api/src/http/shardReadiness.ts";
import { createInProcessShardClient } from "../../services/api/src/shards/createInProcessShardClient.ts";
import { startStreams } from "../../services/api/src/streams/startStreams.ts";
import { deleteRedisKeys } from "../../services/core/src/testing/deleteRedisKeys.ts";
import { createEventPublisher } from "../../services/ingest/src/events/createEventPublisher.ts";
import { createSolUsdTracker } from "../../services/ingest/src/solana/createSolUsdTracker.ts";
import { decodeSolanaBlock } from "../../services/ingest/src/solana/decodeSolanaBlock.ts";
import type { ReplayBlock } from "../../services/ingest/src/solana/replay/ReplayBlock.ts";
import { replayBlocksFromRecording } from "../../services/ingest/src/solana/replay/replayBlocksFromRecording.ts";
import type { SolanaBlock, SolanaSource } from "../../services/ingest/src/solana/source/SolanaSource.ts";
import { createSolanaWorker } from "../../services/ingest/src/solana/worker/createSolanaWorker.ts";
import { createQueryService } from "../../services/query/src/createQueryService.ts";
import { queryProviders } from "../../services/query/src/queryProviders.ts";
import { connectWs, type WsClient } from "../streams/wsClient.ts";
import { fixtureRecording } from "./fixtureData.ts";

const KEY = "solana-rollback-key";
const prefix = testRedisPrefix("solana-stream-rollback");

/**
 * Recorded blocks as one branch: block i's hash is `<name of i>-<slot>` (blocks two branches
 * share carry the same name), its parent the block before it.
 */
function branch(blocks: readonly ReplayBlock[], nameOf: (i: number) => string): SolanaBlock[] {
  const hash = (i: number) => `${nameOf(i)}-${blocks[i]!.slot}`;
  return blocks.map((b, i) => ({
    slot: BigInt(b.slot),
    parentSlot: i === 0 ? null : BigInt(blocks[i - 1]!.slot),
    blockhash: hash(i),
    previousBlockhash: i === 0 ? null : hash(i - 1),
    blockTime: b.blockTime,
    transactions: b.transactions,
  }));
}

/** A source serving whichever branch is current, as a node switching to the cluster's new fork. */
function switchableSource(): SolanaSource & { serve(blocks: SolanaBlock[]): void } {
  let view: SolanaBlock[] = [];
  return {
    serve(blocks) {
      view = blocks;
    },
    async getSlot() {
      return view.at(-1)!.slot;
    },
    async getBlockSlots(from, limit) {
      return view
        .filter((b) => b.slot >= from)
        .slice(0, limit)
        .map((b) => b.slot);
    },
    async getBlock(slot) {
      return view.find((b) => b.slot === slot) ?? null;
    },
    async close() {},
  };
}

/** The trades the decoders alone read from a branch, per market key, in block order. */
function decodedTrades(blocks: readonly SolanaBlock[]): Map<string, { id: string; block: number }[]> {
  const tracker = createSolUsdTracker();
  const out = new Map<string, { id: string; block: number }[]>();
  for (const b of blocks) {
    for (const t of decodeSolanaBlock(b, { tracker }).trades) {
      const key = marketKey(t.chain, t.pool);
      out.set(key, [...(out.get(key) ?? []), { id: t.id, block: Number(b.slot) }]);
    }
  }
  return out;
}

describe("Solana rollbacks on the trades stream", () => {
  let db: TestDatabase;
  let bus: Bus;
  let ws: WsClient;
  const ctx = createContext({ name: "solana-stream-rollback", level: "silent" });

  beforeAll(async () => {
    db = await createTestDatabase();
    bus = createRedisBus({ url: TEST_REDIS_URL, prefix, logger: pino({ level: "silent" }) });
    const service = await createQueryService({ pool: db.pool, ctx, providers: queryProviders });
    ctx.shutdown.add("query", () => service.close());
    const shards = createInProcessShardClient(service.api);
    const gate = createStaticKeyGate([KEY]);
    const app = createApp({
      endpoints: createEndpointLists({ ctx, gate }),
      shards,
      gate,
      ctx,
      readiness: shardReadiness(shards),
    });
    const { server } = await serveHttp(app, { host: "127.0.0.1", port: 0, ctx, name: "api", graceMs: 100 });
    startStreams({ server, bus, shards, gate, ctx });
    ws = await connectWs(`ws://127.0.0.1:${(server.address() as AddressInfo).port}/v1/stream`);
    ws.send({ type: "auth", key: KEY });
    await ws.next((f) => f.type === "ready");
  }, 60_000);

  afterAll(async () => {
    ws?.ws.close();
    await ctx.shutdown.run("test done");
    await bus?.close();
    await deleteRedisKeys(prefix);
    await db?.drop();
  });

  it("rolls an abandoned confirmed branch back: rollback frame first, then the new branch's trades", async () => {
    // Blocks with a time (the ingest keeps those as fork anchors), in slot order.
    const recorded = replayBlocksFromRecording(fixtureRecording()).filter((b) => b.blockTime !== null);
    const forkIndex = Math.floor(recorded.length / 2);
    const a = branch(recorded, () => "A");
    // Branch B: the same blocks up to the fork, then every other block again (new hashes), and one
    // more block past A's last slot, as the cluster goes on building on B.
    const kept = recorded.filter((_, i) => i <= forkIndex || (i - forkIndex) % 2 === 0);
    const lastSlot = recorded.at(-1)!.slot;
    const b = branch([...kept, { ...recorded.at(-1)!, slot: lastSlot + 1, transactions: [] }], (i) =>
      i <= forkIndex ? "A" : "B",
    );
    const ancestor = recorded[forkIndex]!.slot;

    const tradesA = decodedTrades(a);
    const tradesB = decodedTrades(b);
    // the markets with trades after the fork on branch A: those the rollback must reach
    const markets = [...tradesA]
      .filter(([, ts]) => ts.some((t) => t.block > ancestor))
      .map(([key]) => key)
      .slice(0, 50);
    expect(markets.length).toBeGreaterThan(3);
    for (const [i, key] of markets.entries()) {
      const pool = key.slice(key.indexOf("/") + 1);
      ws.send({ type: "subscribe", id: `m${i}`, channel: "trades", params: { chain: "solana", pool } });
      await ws.next((f) => f.type === "ack" && f.id === `m${i}`);
    }

    const source = switchableSource();
    const worker = createSolanaWorker({
      source,
      db: db.pool,
      startSlot: a[0]!.slot,
      slotsPerBatch: 5,
      events: createEventPublisher(db.pool, bus, pino({ level: "silent" })),
    });
    source.serve(a);
    await worker.runUntil(a.at(-1)!.slot);
    const deliveredOnA = (i: number) => (tradesA.get(markets[i]!) ?? []).map((t) => t.id);
    for (const i of markets.keys()) {
      const last = deliveredOnA(i).at(-1)!;
      await ws.next((f) => f.type === "event" && f.id === `m${i}` && (f.data as TradeRow).id === last);
    }

    source.serve(b);
    await worker.runUntil(b.at(-1)!.slot);
    expect(worker.stats().forks).toBe(1);

    let rollbacks = 0;
    for (const [i, key] of markets.entries()) {
      const expected = (tradesB.get(key) ?? []).map((t) => t.id);
      // every market here lost trades: its rollback comes, then its trades of branch B past the fork
      const rollbackAt = ws.frames.indexOf(await ws.next((f) => f.type === "rollback" && f.id === `m${i}`));
      const replacement = (tradesB.get(key) ?? []).filter((t) => t.block > ancestor).at(-1);
      if (replacement) {
        await ws.next(
          (f) => f.type === "event" && f.id === `m${i}` && (f.data as TradeRow).id === replacement.id,
          rollbackAt,
        );
      }
      // Replay the subscriber's view: events add, a rollback removes the ids it names.
      const view = new Map<string, number>();
      for (const f of ws.frames.filter((x) => x.id === `m${i}`)) {
        if (f.type === "event") {
          const t = f.data as TradeRow;
          expect(view.has(t.id), `${t.id} twice without a rollback between`).toBe(false);
          view.set(t.id, t.block);
        } else if (f.type === "rollback") {
          rollbacks++;
          expect(f.ancestorBlock).toBe(ancestor);
          // exactly the delivered trades past the ancestor
          const past = [...view].filter(([, block]) => block > ancestor).map(([id]) => id);
          expect([...(f.orphanedTradeIds as string[])].sort()).toEqual(past.sort());
          for (const id of f.orphanedTradeIds as string[]) view.delete(id);
        }
      }
      expect([...view.keys()].sort(), key).toEqual([...expected].sort());
    }
    expect(rollbacks).toBe(markets.length);
  }, 180_000);
});
