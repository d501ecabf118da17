import { type ChainId, walletKey } from "@tapeline/core";
import { createTestDatabase, type TestDatabase } from "@tapeline/core/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MarketDb } from "../market/MarketDb.ts";
import { createWalletBadgeCache } from "./createWalletBadgeCache.ts";

const CHAIN: ChainId = "evm:1";
const OTHER: ChainId = "evm:8453";
const wallet = (i: number) => `0x${i.toString(16).padStart(40, "0")}`;

let db: TestDatabase;
/** the statements the cache sent, by their first words */
const sent: string[] = [];
let spy: MarketDb;

beforeAll(async () => {
  db = await createTestDatabase();
  spy = {
    query: ((text: string, values?: unknown[]) => {
      sent.push(text.split(" ").slice(0, 4).join(" "));
      return db.pool.query(text, values);
    }) as MarketDb["query"],
  };
});
afterAll(async () => {
  await db?.drop();
});

async function judge(chain: ChainId, w: string, pro: boolean, won: number, decided: number) {
  await db.pool.query(
    `insert into wallet_badges (wallet_key, chain_id, wallet, pro_trader, smart_trader, trades_30d, tokens_30d,
       realized_native_30d, realized_native_90d, decided_tokens_90d, won_tokens_90d, computed_at)
     values ($1, $2, $3, $4, false, 1, 1, 0, 0, $5, $6, 0)
     on conflict (wallet_key) do update set pro_trader = excluded.pro_trader,
       decided_tokens_90d = excluded.decided_tokens_90d, won_tokens_90d = excluded.won_tokens_90d`,
    [walletKey(chain, w), chain, w, pro, decided, won],
  );
}
async function run(chain: ChainId, at: number) {
  await db.pool.query(
    `insert into wallet_badge_runs (chain_id, computed_at) values ($1, $2)
     on conflict (chain_id) do update set computed_at = excluded.computed_at`,
    [chain, at],
  );
}

describe("createWalletBadgeCache", () => {
  it("keeps each wallet's badges (and their absence) until the chain's next badge run", async () => {
    let clock = 1_000;
    const read = createWalletBadgeCache({ db: spy, runTtlMs: 500, now: () => clock });
    await judge(CHAIN, wallet(1), true, 3, 4);
    await run(CHAIN, 100);

    const first = await read(CHAIN, [wallet(1), wallet(2), wallet(1)]);
    expect(first.get(wallet(1))).toEqual({ proTrader: true, smartTrader: false, winRatePct: 75 });
    expect(first.get(wallet(2))).toBeUndefined();
    expect(sent.splice(0)).toEqual([
      "select computed_at::text from wallet_badge_runs",
      "select wallet, pro_trader, smart_trader,",
    ]);

    // a row changed without a run (never done by the job) is not seen: nothing is read again
    await judge(CHAIN, wallet(1), false, 0, 4);
    await judge(CHAIN, wallet(2), true, 1, 1);
    const kept = await read(CHAIN, [wallet(2), wallet(1)]);
    expect(kept.get(wallet(1))?.proTrader).toBe(true);
    expect(kept.get(wallet(2))).toBeUndefined();
    expect(sent.splice(0)).toEqual([]);

    // the run is checked again after runTtlMs; unchanged, the kept badges stay
    clock += 500;
    expect((await read(CHAIN, [wallet(1)])).get(wallet(1))?.proTrader).toBe(true);
    expect(sent.splice(0)).toEqual(["select computed_at::text from wallet_badge_runs"]);

    // a new run drops them: both wallets are read again
    await run(CHAIN, 200);
    clock += 500;
    const after = await read(CHAIN, [wallet(1), wallet(2)]);
    expect(after.get(wallet(1))).toEqual({ proTrader: false, smartTrader: false, winRatePct: 0 });
    expect(after.get(wallet(2))).toEqual({ proTrader: true, smartTrader: false, winRatePct: 100 });
    expect(sent.splice(0)).toEqual([
      "select computed_at::text from wallet_badge_runs",
      "select wallet, pro_trader, smart_trader,",
    ]);
  });

  it("keeps chains apart, reads a chain never judged as having no badges, and bounds the wallets kept", async () => {
    const read = createWalletBadgeCache({ db: spy, maxWallets: 2 });
    await judge(OTHER, wallet(1), true, 0, 0);
    // judged on OTHER only, and OTHER has no run yet: the row is read as stored
    expect((await read(OTHER, [wallet(1)])).get(wallet(1))?.winRatePct).toBeNull();
    expect((await read("evm:10", [wallet(1)])).get(wallet(1))).toBeUndefined();
    sent.splice(0);
    // wallets 2 and 3 push wallet 1 out: it is read again, wallet 3 is not
    await read(OTHER, [wallet(2), wallet(3)]);
    sent.splice(0);
    await read(OTHER, [wallet(3), wallet(1)]);
    expect(sent.splice(0)).toEqual(["select wallet, pro_trader, smart_trader,"]);
  });

  it("leaves an answer already given as it was when a new run drops the kept badges", async () => {
    let clock = 1_000;
    const read = createWalletBadgeCache({ db: spy, runTtlMs: 500, now: () => clock });
    const chain: ChainId = "evm:42161";
    await judge(chain, wallet(7), true, 1, 1);
    await run(chain, 100);
    await read(chain, [wallet(7)]);
    // kept from the first read: this answer reads the kept map
    const given = await read(chain, [wallet(7)]);
    await judge(chain, wallet(7), false, 0, 1);
    await run(chain, 200);
    clock += 500;
    expect((await read(chain, [wallet(7)])).get(wallet(7))?.proTrader).toBe(false);
    expect(given.get(wallet(7))?.proTrader).toBe(true);
  });
});
