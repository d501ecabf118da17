import { createHash } from "node:crypto";
import { createTestDatabase, type TestDatabase } from "@tapeline/core/testing";
import bs58 from "bs58";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSolanaReplayServer } from "../../services/ingest/src/solana/replay/createSolanaReplayServer.ts";
import { replayBlocksFromRecording } from "../../services/ingest/src/solana/replay/replayBlocksFromRecording.ts";
import { createSolanaRpcSource } from "../../services/ingest/src/solana/source/createSolanaRpcSource.ts";
import { createSolanaWorker } from "../../services/ingest/src/solana/worker/createSolanaWorker.ts";
import { createDevTokenQueries } from "../../services/query/src/devTokens/createDevTokenQueries.ts";
import { fixtureRecording, rawView } from "./fixtureData.ts";
import { flatInstructions } from "./fixtureSwapLegs.ts";

/**
 * The deployer track record on the recorded mainnet blocks: pump.fun launches replayed through
 * the Solana worker; each launched mint's deployer, asked by the mint, is its CreateEvent's
 * creator (read here from the transactions' own bytes, by offset, never from our decoders), and
 * the creator's list, asked by wallet, holds exactly the mints its CreateEvents name, the queried
 * mint left out when asked by mint. (The recordings hold two launches by two creators: each
 * creator's list is its one launch, and empty once that launch is the one asked.)
 */

const PUMPFUN = "6EF8rrecthR5Dkzon8Nwu78hRvfCKubJ14M5uBEwF6P";
const EVENT_TAG = "e445a52e51cb9a1d";
const CREATE = createHash("sha256").update("event:CreateEvent").digest().subarray(0, 8).toString("hex");
const key = (b: Buffer, at: number) => bs58.encode(b.subarray(at, at + 32));

let db: TestDatabase;
const creates: { mint: string; creator: string }[] = [];

beforeAll(async () => {
  db = await createTestDatabase();
  const blocks = replayBlocksFromRecording(fixtureRecording());
  const server = await createSolanaReplayServer({ blocks });
  const source = createSolanaRpcSource({ endpoints: [server.url], backoffMs: 1 });
  await createSolanaWorker({ source, db: db.pool, startSlot: BigInt(server.slots[0]!) }).runUntil(
    BigInt(server.slots.at(-1)!),
  );
  await server.close();
  const seen = new Set<string>();
  for (const b of blocks) {
    for (const raw of b.transactions) {
      const sig = ((raw.transaction as { signatures: string[] }).signatures ?? [])[0] ?? "";
      if (rawView(raw).failed || seen.has(sig)) continue;
      seen.add(sig);
      for (const ix of flatInstructions(raw)) {
        if (ix.programId !== PUMPFUN || ix.data.subarray(0, 8).toString("hex") !== EVENT_TAG) continue;
        if (ix.data.subarray(8, 16).toString("hex") !== CREATE) continue;
        // three Borsh strings (u32 length + bytes), then mint, bonding_curve, user
        let o = 16;
        for (let s = 0; s < 3; s++) o += 4 + ix.data.readUInt32LE(o);
        creates.push({ mint: key(ix.data, o), creator: key(ix.data, o + 64) });
      }
    }
  }
}, 180_000);

afterAll(async () => {
  await db?.drop();
});

describe("deployer track record on the recorded pump.fun launches", () => {
  it("resolves each launch's deployer to its creator and lists the creator's launches", async () => {
    expect(creates.length).toBeGreaterThan(0);
    const q = createDevTokenQueries({ db: db.pool });
    for (const c of creates) {
      const byMint = await q.devTokens({ chain: "solana", address: c.mint, wallet: null, limit: 100 });
      expect(byMint.deployer, c.mint).toBe(c.creator);
      const others = creates.filter((x) => x.creator === c.creator && x.mint !== c.mint).map((x) => x.mint);
      expect(byMint.data.map((r) => r.address).sort()).toEqual([...new Set(others)].sort());
      expect(byMint.stats?.totalTokens).toBe(new Set(others).size);
      const byWallet = await q.devTokens({ chain: "solana", address: null, wallet: c.creator, limit: 100 });
      const mine = [...new Set(creates.filter((x) => x.creator === c.creator).map((x) => x.mint))];
      expect(byWallet.data.map((r) => r.address).sort()).toEqual(mine.sort());
      for (const r of byWallet.data) {
        expect(r.isLaunchpad).toBe(true);
        expect(["rugged", "abandoned", "migrated", "active"]).toContain(r.status);
      }
    }
  });
});
