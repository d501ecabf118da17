import { createHash } from "node:crypto";
import { createTestDatabase, type TestDatabase } from "@tapeline/core/testing";
import bs58 from "bs58";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSolanaReplayServer } from "../../services/ingest/src/solana/replay/createSolanaReplayServer.ts";
import type { ReplayBlock } from "../../services/ingest/src/solana/replay/ReplayBlock.ts";
import { replayBlocksFromRecording } from "../../services/ingest/src/solana/replay/replayBlocksFromRecording.ts";
import { createSolanaRpcSource } from "../../services/ingest/src/solana/source/createSolanaRpcSource.ts";
import { createSolanaWorker } from "../../services/ingest/src/solana/worker/createSolanaWorker.ts";
import { createTraderQueries } from "../../services/query/src/traders/createTraderQueries.ts";
import { fixtureRecording, rawView } from "./fixtureData.ts";
import { flatInstructions } from "./fixtureSwapLegs.ts";

/**
 * Trader labels on the recorded mainnet blocks: pump.fun launches replayed through the Solana
 * worker, then each launched curve's top traders. The creator, the launch slot and every buyer
 * are read here from the transactions' own bytes (CreateEvent, TradeEvent, read by offset), never
 * from our decoders: `isDev` is the creator, `isSniper` a buyer within 5 s of the curve's first
 * trade or in slots 0-3 after its creation, the creator and the creation transaction left out.
 */

const PUMPFUN = "6EF8rrecthR5Dkzon8Nwu78hRvfCKubJ14M5uBEwF6P";
const EVENT_TAG = "e445a52e51cb9a1d";
const disc = (name: string) =>
  createHash("sha256").update(`event:${name}`).digest().subarray(0, 8).toString("hex");
const key = (b: Buffer, at: number) => bs58.encode(b.subarray(at, at + 32));

type Create = { mint: string; curve: string; creator: string; slot: number; sig: string };
type Trade = { mint: string; user: string; isBuy: boolean; slot: number; at: number; sig: string };

let db: TestDatabase;
let blocks: ReplayBlock[];
const creates: Create[] = [];
const trades: Trade[] = [];

beforeAll(async () => {
  db = await createTestDatabase();
  blocks = replayBlocksFromRecording(fixtureRecording());
  const server = await createSolanaReplayServer({ blocks });
  const source = createSolanaRpcSource({ endpoints: [server.url], backoffMs: 1 });
  await createSolanaWorker({ source, db: db.pool, startSlot: BigInt(server.slots[0]!) }).runUntil(
    BigInt(server.slots.at(-1)!),
  );
  await server.close();
  const seen = new Set<string>();
  for (const b of blocks) {
    const at = (b.blockTime ?? 0) * 1000;
    for (const raw of b.transactions) {
      const view = rawView(raw);
      const sig = ((raw.transaction as { signatures: string[] }).signatures ?? [])[0] ?? "";
      if (view.failed || seen.has(sig)) continue;
      seen.add(sig);
      for (const ix of flatInstructions(raw)) {
        if (ix.programId !== PUMPFUN || ix.data.subarray(0, 8).toString("hex") !== EVENT_TAG) continue;
        const d = ix.data;
        const name = d.subarray(8, 16).toString("hex");
        if (name === disc("CreateEvent")) {
          // three Borsh strings (u32 length + bytes), then mint, bonding_curve, user
          let o = 16;
          for (let s = 0; s < 3; s++) o += 4 + d.readUInt32LE(o);
          creates.push({
            mint: key(d, o),
            curve: key(d, o + 32),
            creator: key(d, o + 64),
            slot: Number(b.slot),
            sig,
          });
        } else if (name === disc("TradeEvent")) {
          // mint 16, sol 48, token 56, is_buy 64, user 65
          trades.push({
            mint: key(d, 16),
            user: key(d, 65),
            isBuy: d[64] === 1,
            slot: Number(b.slot),
            at,
            sig,
          });
        }
      }
    }
  }
}, 180_000);

afterAll(async () => {
  await db?.drop();
});

describe("trader labels on the recorded pump.fun launches", () => {
  it("mark each launch's creator as dev and its early buyers as snipers, by the documented rules", async () => {
    // the recordings span years: each launch is ranked at a minute after its last recorded trade
    let clock = 0;
    const q = createTraderQueries({ db: db.pool, now: () => clock, ttlMs: 0 });
    const launched = creates.filter((c) => trades.some((t) => t.mint === c.mint));
    expect(launched.length).toBeGreaterThan(0);
    let devs = 0;
    let snipers = 0;
    for (const c of launched) {
      const own = trades.filter((t) => t.mint === c.mint).sort((a, b) => a.at - b.at || a.slot - b.slot);
      const first = own[0]!;
      const wantSnipers = new Set(
        own
          .filter(
            (t) =>
              t.isBuy &&
              t.user !== c.creator &&
              t.sig !== c.sig &&
              (t.at <= first.at + 5_000 || t.slot <= c.slot + 3),
          )
          .map((t) => t.user),
      );
      clock = Math.max(...own.map((t) => t.at)) + 60_000;
      const page = await q.poolTopTraders({
        chain: "solana",
        address: c.curve,
        timeframe: "30d",
        sortBy: "txns",
        order: "desc",
        limit: 100,
      });
      const users = new Set(own.map((t) => t.user));
      expect(new Set(page.data.map((r) => r.address)), c.mint).toEqual(users);
      for (const r of page.data) {
        expect(r.isDev, `${c.mint} ${r.address}`).toBe(r.address === c.creator);
        expect(r.isSniper, `${c.mint} ${r.address}`).toBe(wantSnipers.has(r.address));
        // one trade row per transaction and side
        const sides = new Set(own.filter((t) => t.user === r.address).map((t) => `${t.sig} ${t.isBuy}`));
        expect(r.buys + r.sells, r.address).toBe(sides.size);
        if (r.isDev) devs += 1;
        if (r.isSniper) snipers += 1;
      }
    }
    expect(devs + snipers).toBeGreaterThan(0);
  });
});
