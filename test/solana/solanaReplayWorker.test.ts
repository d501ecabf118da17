import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import {
  createRedisBus,
  type MarketEvent,
  marketKey,
  subscribeMarketEvents,
  type TradeRow,
} from "@tapeline/core";
import {
  createTestDatabase,
  TEST_REDIS_URL,
  type TestDatabase,
  testRedisPrefix,
} from "@tapeline/core/testing";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEventPublisher } from "../../services/ingest/src/events/createEventPublisher.ts";
import { createSolUsdTracker } from "../../services/ingest/src/solana/createSolUsdTracker.ts";
import { decodeSolanaBlock } from "../../services/ingest/src/solana/decodeSolanaBlock.ts";
import { createSolanaProgramRegistry } from "../../services/ingest/src/solana/programs/createSolanaProgramRegistry.ts";
import {
  createSolanaReplayServer,
  type SolanaReplayServer,
} from "../../services/ingest/src/solana/replay/createSolanaReplayServer.ts";
import type { ReplayBlock } from "../../services/ingest/src/solana/replay/ReplayBlock.ts";
import { replayBlocksFromRecording } from "../../services/ingest/src/solana/replay/replayBlocksFromRecording.ts";
import { SOLANA_VENUES } from "../../services/ingest/src/solana/solanaVenues.ts";
import { createSolanaRpcSource } from "../../services/ingest/src/solana/source/createSolanaRpcSource.ts";
import type { SolanaSource } from "../../services/ingest/src/solana/source/SolanaSource.ts";
import { createSolanaWorker } from "../../services/ingest/src/solana/worker/createSolanaWorker.ts";
import { readTradePage } from "../../services/query/src/market/readTradePage.ts";
import { fixtureRecording } from "./fixtureData.ts";

let db: TestDatabase;
let server: SolanaReplayServer;
let blocks: ReplayBlock[];

beforeAll(async () => {
  db = await createTestDatabase();
  blocks = replayBlocksFromRecording(fixtureRecording());
  server = await createSolanaReplayServer({ blocks });
});

afterAll(async () => {
  await server?.close();
  await db?.drop();
});

/** What the decoders alone make of the replayed blocks, in order. */
function expectedTrades() {
  const tracker = createSolUsdTracker();
  const out = new Map<string, ReturnType<typeof decodeSolanaBlock>["trades"][number]>();
  for (const b of blocks) {
    const d = decodeSolanaBlock(
      {
        slot: BigInt(b.slot),
        parentSlot: b.parentSlot === null ? null : BigInt(b.parentSlot),
        blockhash: b.blockhash,
        previousBlockhash: b.previousBlockhash,
        blockTime: b.blockTime,
        transactions: b.transactions,
      },
      { tracker },
    );
    for (const t of d.trades) out.set(`${marketKey(t.chain, t.pool)}|${t.id}`, t);
    for (const t of d.tokens) if (t.name !== null) names.set(t.address, `${t.name}|${t.symbol}`);
  }
  return out;
}

/** Token names the decoders read from the replayed transactions (filled by `expectedTrades`). */
const names = new Map<string, string>();

/** A source that fails after `n` blocks fetched: a crash in the middle of a batch. */
function crashingAfter(source: SolanaSource, n: number): SolanaSource {
  let calls = 0;
  return {
    ...source,
    async getBlock(slot) {
      if (++calls > n) throw new Error("node went away");
      return source.getBlock(slot);
    },
    async getBlocks(slots) {
      calls += slots.length;
      if (calls > n) throw new Error("node went away");
      return source.getBlocks!(slots);
    },
  };
}

describe("Solana worker over the replay endpoint", () => {
  it("serves the node's JSON-RPC shapes, including skipped slots", async () => {
    const rpc = async (method: string, params: unknown[]) =>
      (await fetch(server.url, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
      }).then((r) => r.json())) as { result?: unknown; error?: { code: number; message: string } };
    const first = server.slots[0]!;
    const gap = server.slots.find((s, i) => i > 0 && s - server.slots[i - 1]! > 1)! - 1;
    expect((await rpc("getSlot", [])).result).toBe(server.slots.at(-1));
    expect((await rpc("getBlock", [gap, { maxSupportedTransactionVersion: 0 }])).error?.code).toBe(-32007);
    expect((await rpc("getBlock", [first - 1, { maxSupportedTransactionVersion: 0 }])).error?.code).toBe(
      -32009,
    );
    const v0 = blocks.find((b) => b.transactions.some((t) => t.version === 0))!;
    expect((await rpc("getBlock", [v0.slot, {}])).error?.code).toBe(-32015);
    const block = (await rpc("getBlock", [v0.slot, { maxSupportedTransactionVersion: 0, encoding: "json" }]))
      .result as { transactions: { transaction: { signatures: string[] } }[] };
    expect(block.transactions.length).toBe(v0.transactions.length);
    const sig = block.transactions[0]!.transaction.signatures[0]!;
    const tx = (await rpc("getTransaction", [sig, { maxSupportedTransactionVersion: 0 }])).result as {
      slot: number;
    };
    expect(tx.slot).toBe(v0.slot);
    expect((await rpc("getAccountInfo", [sig])).result).toEqual({
      context: { slot: server.slots.at(-1) },
      value: null,
    });
  });

  it("fails over to the next endpoint when one is down", async () => {
    const source = createSolanaRpcSource({ endpoints: ["http://127.0.0.1:9", server.url], backoffMs: 1 });
    expect(await source.getSlot()).toBe(BigInt(server.slots.at(-1)!));
    const gap = server.slots.find((s, i) => i > 0 && s - server.slots[i - 1]! > 1)! - 1;
    expect(await source.getBlock(BigInt(gap))).toBeNull();
  });

  it("fetches several blocks in one batch request, as single calls would, skipped slots null", async () => {
    const gap = server.slots.find((s, i) => i > 0 && s - server.slots[i - 1]! > 1)! - 1;
    const slots = [...server.slots.slice(0, 5), gap, ...server.slots.slice(5, 12)].map(BigInt);
    const single = createSolanaRpcSource({ endpoints: [server.url], batchSize: 1 });
    const expected = await Promise.all(slots.map((s) => single.getBlock(s)));
    expect(expected.filter((b) => b === null)).toHaveLength(1);
    const before = server.requests.get("getBlock") ?? 0;
    const batched = await createSolanaRpcSource({ endpoints: [server.url], batchSize: 4 }).getBlocks!(slots);
    expect(batched).toEqual(expected);
    expect(server.requests.get("getBlock")! - before).toBe(slots.length);

    // a node that refuses batch requests is asked one block at a time
    const refusing = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", async () => {
        const body = Buffer.concat(chunks).toString();
        const answer = body.startsWith("[")
          ? JSON.stringify({
              jsonrpc: "2.0",
              id: null,
              error: { code: -32600, message: "batch not allowed" },
            })
          : await fetch(server.url, {
              method: "POST",
              body,
              headers: { "content-type": "application/json" },
            }).then((r) => r.text());
        res.end(answer);
      });
    });
    await new Promise<void>((r) => refusing.listen(0, "127.0.0.1", r));
    try {
      const url = `http://127.0.0.1:${(refusing.address() as AddressInfo).port}`;
      expect(await createSolanaRpcSource({ endpoints: [url], batchSize: 4 }).getBlocks!(slots)).toEqual(
        expected,
      );
    } finally {
      refusing.closeAllConnections();
      await new Promise((r) => refusing.close(r));
    }
  });

  it("writes the decoders' rows into Postgres; a crash and restarts lose and double nothing", async () => {
    const expected = expectedTrades();
    expect(expected.size).toBeGreaterThan(50);
    const rpc = () => createSolanaRpcSource({ endpoints: [server.url], backoffMs: 1 });
    const first = BigInt(server.slots[0]!);
    const mid = BigInt(server.slots[Math.floor(server.slots.length / 2)]!);
    const last = BigInt(server.slots.at(-1)!);

    await createSolanaWorker({ source: rpc(), db: db.pool, startSlot: first, slotsPerBatch: 7 }).runUntil(
      mid,
    );
    const cp = await db.pool.query<{ block: string }>(
      "select block from ingest_checkpoints where chain_id = 'solana'",
    );
    expect(BigInt(cp.rows[0]!.block)).toBeGreaterThanOrEqual(mid);

    const crashing = createSolanaWorker({ source: crashingAfter(rpc(), 10), db: db.pool, slotsPerBatch: 7 });
    await expect(crashing.runUntil(last)).rejects.toThrow("node went away");

    const resumed = createSolanaWorker({ source: rpc(), db: db.pool, slotsPerBatch: 7 });
    await resumed.runUntil(last);
    expect(resumed.stats().lastSlot).toBe(last);

    const rows = await db.pool.query<{
      market: string;
      id: string;
      amount_token: string;
      amount_quote: string;
      maker: string;
      is_buy: boolean;
      at: string;
      fees_native: string | null;
      price_native: string | null;
      router_program: string | null;
      is_wash: boolean | null;
    }>(
      `select market, id, amount_token::text, amount_quote::text, maker, is_buy, at::text, fees_native::text,
              price_native::text, router_program, is_wash
       from trades where chain_id = 'solana'`,
    );
    expect(rows.rows.length).toBe(expected.size);
    for (const r of rows.rows) {
      const e = expected.get(`${r.market}|${r.id}`);
      expect(e, r.id).toBeDefined();
      expect(BigInt(r.amount_token)).toBe(e!.amountToken);
      expect(BigInt(r.amount_quote)).toBe(e!.amountQuote);
      expect(r.maker).toBe(e!.maker);
      expect(r.is_buy).toBe(e!.isBuy);
      expect(Number(r.at)).toBe(e!.at);
      expect(r.fees_native).toBe(e!.feesNative);
      expect(r.price_native).toBe(e!.priceNative);
      expect(r.router_program).toBe(e!.router?.programId ?? null);
      expect(r.is_wash).toBe(e!.isWash);
    }
    const finalCp = await db.pool.query<{ block: string }>(
      "select block from ingest_checkpoints where chain_id = 'solana'",
    );
    expect(BigInt(finalCp.rows[0]!.block)).toBe(last);

    // names stated by the transactions are stored; the other tokens were looked up on the node,
    // which knows no account (getAccountInfo answers null), so their names stay unknown
    expect(names.size).toBeGreaterThan(0);
    expect(server.requests.get("getAccountInfo") ?? 0).toBeGreaterThan(0);
    const stored = await db.pool.query<{ address: string; name: string; symbol: string }>(
      "select address, name, symbol from tokens where chain_id = 'solana' and name is not null",
    );
    expect(new Map(stored.rows.map((r) => [r.address, `${r.name}|${r.symbol}`]))).toEqual(names);

    // every market's program is in the venues registry under its decoder's exchange name, or the
    // program registry's name (generic swaps); a program no registry names has no row
    const venues = await db.pool.query<{ factory: string; exchange_name: string | null }>(
      `select distinct p.factory, v.exchange_name from pools p
       left join venues v on v.chain_id = p.chain_id and v.factory = p.factory where p.chain_id = 'solana'`,
    );
    expect(venues.rows.length).toBeGreaterThan(3);
    const programs = createSolanaProgramRegistry();
    for (const v of venues.rows)
      expect(v.exchange_name, v.factory).toBe(
        SOLANA_VENUES.find((x) => x.programId === v.factory)?.exchangeName ??
          programs.get(v.factory)?.name ??
          null,
      );
  });

  it("publishes every inserted trade once as the REST tape's row, after its market's newMarket event", async () => {
    const fresh = await createTestDatabase();
    const bus = createRedisBus({ url: TEST_REDIS_URL, prefix: testRedisPrefix("solana-events") });
    try {
      const seen: MarketEvent[] = [];
      const sub = await subscribeMarketEvents(bus, { chains: ["solana"] }, (e) => {
        seen.push(e);
      });
      const events = createEventPublisher(fresh.pool, bus, pino({ level: "silent" }));
      const worker = createSolanaWorker({
        source: createSolanaRpcSource({ endpoints: [server.url], backoffMs: 1 }),
        db: fresh.pool,
        startSlot: BigInt(server.slots[0]!),
        slotsPerBatch: 7,
        events,
      });
      await worker.runUntil(BigInt(server.slots.at(-1)!));
      const stored = await fresh.pool.query<{ market: string; n: number }>(
        "select market, count(*)::int as n from trades group by market",
      );
      const total = stored.rows.reduce((a, r) => a + r.n, 0);
      expect(total).toBeGreaterThan(50);
      for (let i = 0; i < 500 && seen.filter((e) => e.type === "trade").length < total; i++) {
        await new Promise((r) => setTimeout(r, 20));
      }
      await sub.close();

      const trades = seen.filter((e) => e.type === "trade");
      expect(trades).toHaveLength(total);
      const announced = new Set<string>();
      for (const e of seen) {
        if (e.type === "newMarket") announced.add(e.market);
        if (e.type === "trade") expect(announced.has(e.market), e.market).toBe(true);
      }
      const pools = await fresh.pool.query<{ market: string }>("select market from pools");
      expect([...announced].sort()).toEqual(pools.rows.map((r) => r.market).sort());
      // USD figures aside: a minute's SOL/USD rate is still moving while the minute is open, so the
      // stream values a trade at the rate known when it was published, the tape at the rate stored now.
      const usdFree = ({ priceUsd, volumeUsd, ...rest }: TradeRow) => rest;
      for (const { market, n } of stored.rows) {
        const owner = await fresh.pool.query<{ token_address: string }>(
          "select token_address from pools where market = $1",
          [market],
        );
        const page = await readTradePage(fresh.pool, {
          scope: { chain: "solana", markets: [market] },
          token: owner.rows[0]!.token_address,
          limit: 500,
          order: "asc",
          spotUsd: null,
        });
        expect(page.data).toHaveLength(n);
        const streamed = trades.flatMap((e) => (e.type === "trade" && e.market === market ? [e.trade] : []));
        expect(new Map(streamed.map((t) => [t.id, usdFree(t)]))).toEqual(
          new Map(page.data.map((t) => [t.id, usdFree(t)])),
        );
      }
    } finally {
      await bus.close();
      await fresh.drop();
    }
  });
});
