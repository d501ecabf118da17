import type { ChainId, TokenSnapshot } from "@tapeline/core";
import { createTestDatabase, type TestDatabase } from "@tapeline/core/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createSolanaReplayServer,
  type SolanaReplayServer,
} from "../../services/ingest/src/solana/replay/createSolanaReplayServer.ts";
import { replayBlocksFromRecording } from "../../services/ingest/src/solana/replay/replayBlocksFromRecording.ts";
import { createSolanaRpcSource } from "../../services/ingest/src/solana/source/createSolanaRpcSource.ts";
import { createSolanaWorker } from "../../services/ingest/src/solana/worker/createSolanaWorker.ts";
import { rollbackTo } from "../../services/ingest/src/writer/rollbackTo.ts";
import { writeBatch } from "../../services/ingest/src/writer/writeBatch.ts";
import { createMarketQueries } from "../../services/query/src/market/createMarketQueries.ts";
import {
  buildMarketFixture,
  FX_CHAIN,
  FX_TOKEN,
} from "../../services/query/src/market/testing/buildMarketFixture.ts";
import { fixtureRecording } from "../solana/fixtureData.ts";

const DAY = 86_400_000;

/**
 * The token snapshot at `nowMs` read twice: from the snapshot rows the writer keeps, and with
 * those rows set aside, so the read sums up the markets' trades as it did before the rows existed.
 */
async function bothWays(db: TestDatabase, chain: ChainId, token: string, nowMs: number) {
  const read = () =>
    createMarketQueries({ db: db.pool, now: () => nowMs, tokenTtlMs: 0 })
      .tokenSnapshot({
        chain,
        address: token,
      })
      .catch((e: { code?: string }) => ({ error: e.code ?? String(e) }));
  const fromRow = await read();
  await db.pool.query("create table token_snapshots_aside as select * from token_snapshots");
  await db.pool.query("delete from token_snapshots");
  try {
    const fromTrades = await read();
    return { fromRow, fromTrades };
  } finally {
    await db.pool.query("insert into token_snapshots select * from token_snapshots_aside");
    await db.pool.query("drop table token_snapshots_aside");
  }
}

/** Read times around every trade time in `ats` (a trade exactly at a window edge, a ms either side) and after. */
function readTimes(ats: readonly number[], last: number): number[] {
  const out = new Set<number>([
    last,
    last + 1,
    last + 30 * 60_000,
    last + 23 * 3_600_000,
    last + DAY + 60_000,
  ]);
  for (const at of ats) for (const d of [-1, 0, 1]) for (const base of [at, at + DAY]) out.add(base + d);
  return [...out].sort((a, b) => a - b);
}

async function expectSame(db: TestDatabase, chain: ChainId, token: string, times: readonly number[]) {
  let traded = 0;
  for (const t of times) {
    const { fromRow, fromTrades } = await bothWays(db, chain, token, t);
    expect(fromRow, `${token} at ${t}`).toEqual(fromTrades);
    const s = (fromRow as TokenSnapshot).stats24h;
    if (s && s.buys + s.sells > 0) traded++;
  }
  return traded;
}

describe("token snapshot rows answer as the trades do", () => {
  let db: TestDatabase;
  const fx = buildMarketFixture();

  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db?.drop();
  });

  it("EVM: through trades written out of order, time passing, and a rollback", {
    timeout: 600_000,
  }, async () => {
    const half = Math.floor(fx.trades.length / 2);
    // the later half first, then the earlier one (a backfill behind the live tail), in batches
    const order = [...fx.trades.slice(half), ...fx.trades.slice(0, half)];
    for (let i = 0; i < order.length; i += 150) {
      await writeBatch(db.pool, {
        chain: FX_CHAIN,
        blocks: [],
        trades: order.slice(i, i + 150),
        pools: i === 0 ? fx.pools : [],
        tokens: fx.tokens,
        nativePrices:
          i === 0
            ? [{ minute: Math.floor(fx.lastAt / 60_000) * 60_000, priceUsd: "2500.5", source: "t" }]
            : [],
      });
    }
    const ats = [...new Set(fx.trades.map((t) => t.at))];
    const recent = ats.filter((a) => a > fx.lastAt - 3 * DAY).filter((_, i) => i % 3 === 0);
    const traded = await expectSame(db, FX_CHAIN, FX_TOKEN, readTimes(recent, fx.lastAt));
    expect(traded).toBeGreaterThan(20);

    // a reorg removes the newest blocks: the row is rebuilt from what remains
    const blocks = [...new Set(fx.trades.map((t) => t.block))].sort((a, b) => (a < b ? -1 : 1));
    const ancestor = blocks[blocks.length - 40]!;
    const { tradesDeleted } = await rollbackTo(db.pool, FX_CHAIN, ancestor);
    expect(tradesDeleted).toBeGreaterThan(0);
    const kept = fx.trades.filter((t) => t.block <= ancestor);
    const keptLast = Math.max(...kept.map((t) => t.at));
    const keptAts = [...new Set(kept.map((t) => t.at))].filter((a) => a > keptLast - 2 * DAY);
    await expectSame(db, FX_CHAIN, FX_TOKEN, readTimes(keptAts, keptLast));
    // and read at the removed trades' times, where the row had them before
    await expectSame(db, FX_CHAIN, FX_TOKEN, readTimes(recent.slice(-10), fx.lastAt));
  });
});

describe("token snapshot rows on recorded Solana data", () => {
  let db: TestDatabase;
  let server: SolanaReplayServer;

  beforeAll(async () => {
    db = await createTestDatabase();
    server = await createSolanaReplayServer({ blocks: replayBlocksFromRecording(fixtureRecording()) });
  });
  afterAll(async () => {
    await server?.close();
    await db?.drop();
  });

  it("every traded token, at its trades' window edges, and after a rollback", {
    timeout: 600_000,
  }, async () => {
    const worker = createSolanaWorker({
      source: createSolanaRpcSource({ endpoints: [server.url], backoffMs: 1 }),
      db: db.pool,
      startSlot: BigInt(server.slots[0]!),
      slotsPerBatch: 7,
    });
    await worker.runUntil(BigInt(server.slots.at(-1)!));
    const tokens = async () =>
      (
        await db.pool.query<{ token: string; ats: string[] }>(
          `select token_address as token, array_agg(distinct at::text) as ats from trades
           where chain_id = 'solana' group by token_address order by count(*) desc limit 12`,
        )
      ).rows;
    const before = await tokens();
    expect(before.length).toBeGreaterThan(3);
    let traded = 0;
    for (const { token, ats } of before) {
      const times = ats.map(Number).sort((a, b) => a - b);
      const sample = times.filter((_, i) => i % Math.max(1, Math.floor(times.length / 8)) === 0);
      traded += await expectSame(db, "solana", token, readTimes(sample, times.at(-1)!));
    }
    expect(traded).toBeGreaterThan(10);

    const mid = BigInt(server.slots[Math.floor(server.slots.length / 2)]!);
    const { tradesDeleted } = await rollbackTo(db.pool, "solana", mid);
    expect(tradesDeleted).toBeGreaterThan(0);
    for (const { token, ats } of before.slice(0, 6)) {
      const times = ats.map(Number).sort((a, b) => a - b);
      const sample = times.filter((_, i) => i % Math.max(1, Math.floor(times.length / 6)) === 0);
      await expectSame(db, "solana", token, readTimes(sample, times.at(-1)!));
    }
  });
});
