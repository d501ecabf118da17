import { createTestDatabase, type TestDatabase } from "@tapeline/core/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SolanaBlock, SolanaSource } from "../../services/ingest/src/solana/source/SolanaSource.ts";
import { createSolanaWorker } from "../../services/ingest/src/solana/worker/createSolanaWorker.ts";
import { SOLANA_FORK_DEPTH_MAX } from "../../services/ingest/src/solana/worker/findSolanaAncestor.ts";

const FIRST = 1_000n;
const BLOCKS = 900;

/** `count` empty blocks from FIRST on, one a slot, hashes `<name of i>-<slot>`, each the child of the one before. */
function chain(count: number, nameOf: (i: number) => string): SolanaBlock[] {
  const hash = (i: number) => `${nameOf(i)}-${FIRST + BigInt(i)}`;
  return Array.from({ length: count }, (_, i) => ({
    slot: FIRST + BigInt(i),
    parentSlot: i === 0 ? null : FIRST + BigInt(i - 1),
    blockhash: hash(i),
    previousBlockhash: i === 0 ? null : hash(i - 1),
    blockTime: 1_760_000_000 + Math.floor(i * 0.4),
    transactions: [],
  }));
}

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

describe("Solana fork bookkeeping", () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db?.drop();
  });

  it("keeps the blocks a fork can reach and forgets the older ones", async () => {
    const stored = async () =>
      (
        await db.pool.query<{ number: string }>(
          "select number from ingest_blocks where chain_id = 'solana' order by number",
        )
      ).rows.map((r) => BigInt(r.number));
    const a = chain(BLOCKS, () => "A");
    const source = switchableSource();
    const worker = createSolanaWorker({ source, db: db.pool, startSlot: FIRST, slotsPerBatch: 32 });
    source.serve(a);
    await worker.runUntil(a.at(-1)!.slot);

    const kept = await stored();
    // every block was stored once; those below the fork search's reach are gone
    expect(kept.length).toBeLessThan(BLOCKS);
    expect(kept.length).toBeGreaterThanOrEqual(SOLANA_FORK_DEPTH_MAX);
    expect(kept.at(-1)).toBe(a.at(-1)!.slot);
    expect(kept[0]).toBeGreaterThan(FIRST);
    // contiguous from the oldest kept to the tip: the newest SOLANA_FORK_DEPTH_MAX at least
    expect(kept).toEqual(Array.from({ length: kept.length }, (_, i) => kept[0]! + BigInt(i)));

    // a fork deep within the search's reach still finds its ancestor among the kept blocks
    const depth = SOLANA_FORK_DEPTH_MAX - 6;
    const forkAt = BLOCKS - 1 - depth;
    const b = chain(BLOCKS + 10, (i) => (i <= forkAt ? "A" : "B"));
    source.serve(b);
    await worker.runUntil(b.at(-1)!.slot);
    expect(worker.stats().forks).toBe(1);
    const { rows } = await db.pool.query<{ number: string; hash: string }>(
      "select number, hash from ingest_blocks where chain_id = 'solana' and number > $1 order by number",
      [a[forkAt]!.slot.toString()],
    );
    expect(rows.map((r) => r.hash)).toEqual(b.slice(forkAt + 1).map((x) => x.blockhash));
    await worker.stop();
  });
});
