import {
  type ChainId,
  createContext,
  createMemoryQueue,
  PRO_TRADER_MIN_TRADES_30D,
  type TokenActivity,
  type TradeRecord,
  walletBadges,
} from "@tapeline/core";
import { createTestDatabase, type TestDatabase } from "@tapeline/core/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeBatch } from "../../../ingest/src/writer/writeBatch.ts";
import { startJobsWorker } from "../index.ts";
import { mergeProcessors, processorGroups } from "../processors.ts";
import { TRADER_QUEUE, TraderJobs } from "./processors.ts";
import { recomputeWalletBadges } from "./recomputeWalletBadges.ts";

const CHAIN: ChainId = "evm:1";
const DAY = 86_400_000;
const NOW = Date.now();
const QUOTE = `0x${"ee".repeat(20)}`;
const token = (i: number) => `0x${(0x7000 + i).toString(16).padStart(40, "0")}`;
const wallet = (name: string) => `0x${Buffer.from(name).toString("hex").padStart(40, "0")}`;
const PRO = wallet("pro");
const SMART = wallet("smart");
const PLAIN = wallet("plain");
const GONE = wallet("gone");

let n = 0;
function trade(maker: string, tok: number, isBuy: boolean, native: string, ageMs: number): TradeRecord {
  n += 1;
  const txHash = `0x${n.toString(16).padStart(64, "0")}`;
  return {
    chain: CHAIN,
    pool: `0x${(0x9000 + tok).toString(16).padStart(40, "0")}`,
    id: `${txHash}:0`,
    txHash,
    block: BigInt(n),
    logIndex: 0,
    at: NOW - ageMs,
    maker,
    isBuy,
    tokenAddress: token(tok),
    quoteAddress: QUOTE,
    amountToken: 10n ** 18n,
    amountQuote: 10n ** 18n,
    priceQuote: null,
    priceNative: null,
    volumeNative: native,
    feesNative: null,
    isWash: null,
    preconfirmed: false,
    router: null,
  };
}

// PRO: six trades on each of five tokens in the last ten days, every round trip in profit.
// SMART: ten round trips 40 to 80 days ago, seven of them won. PLAIN: a few trades, a loss.
// GONE: traded 100 days ago only.
const TRADES: TradeRecord[] = [
  ...Array.from({ length: 5 }, (_, tok) =>
    Array.from({ length: 6 }, (_, k) =>
      trade(PRO, tok, k % 2 === 0, k % 2 === 0 ? "1" : "1.25", (k + 1) * DAY),
    ),
  ).flat(),
  ...Array.from({ length: 10 }, (_, tok) => [
    trade(SMART, 10 + tok, true, "2", (80 - tok) * DAY),
    trade(SMART, 10 + tok, false, tok < 7 ? "3" : "1", (40 + tok) * DAY),
  ]).flat(),
  trade(PLAIN, 1, true, "5", 2 * DAY),
  trade(PLAIN, 1, false, "4", DAY),
  trade(GONE, 2, true, "1", 100 * DAY),
  trade(GONE, 2, false, "9", 99 * DAY),
];

/** The figures the job must store, from the trade list grouped here by wallet, token and period. */
function expectedFigures(maker: string, now: number) {
  const period = (fromMs: number) => {
    const by = new Map<string, TokenActivity>();
    for (const t of TRADES) {
      if (t.maker !== maker || t.at < fromMs || t.at > now) continue;
      const a = by.get(t.tokenAddress) ?? { buys: 0, sells: 0, boughtNative: 0, soldNative: 0 };
      if (t.isBuy) {
        a.buys += 1;
        a.boughtNative += Number(t.volumeNative);
      } else {
        a.sells += 1;
        a.soldNative += Number(t.volumeNative);
      }
      by.set(t.tokenAddress, a);
    }
    return [...by.values()];
  };
  return walletBadges({ days30: period(now - 30 * DAY), days90: period(now - 90 * DAY) });
}

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
  await writeBatch(db.pool, { chain: CHAIN, blocks: [], trades: TRADES, pools: [], tokens: [] });
});
afterAll(async () => {
  await db?.drop();
});

async function stored() {
  const { rows } = await db.pool.query(
    `select wallet, pro_trader, smart_trader, trades_30d, tokens_30d, realized_native_30d, realized_native_90d,
            decided_tokens_90d, won_tokens_90d, computed_at from wallet_badges order by wallet`,
  );
  return new Map(rows.map((r) => [r.wallet as string, r]));
}

describe("wallet-badges job", () => {
  it("runs through the jobs worker and stores each active wallet's badges and figures", async () => {
    const ctx = createContext({ name: "badges-test", level: "silent" });
    const queue = createMemoryQueue({ defaultBackoffMs: 1, logger: ctx.logger });
    const worker = await startJobsWorker({
      queue,
      queueName: TRADER_QUEUE,
      processors: mergeProcessors(processorGroups),
      deps: { ctx, queue, pool: db.pool },
    });
    try {
      const id = await queue.enqueue(TRADER_QUEUE, TraderJobs.walletBadges, { chain: CHAIN });
      const bad = await queue.enqueue(
        TRADER_QUEUE,
        TraderJobs.walletBadges,
        { chain: "nope" },
        { attempts: 3 },
      );
      for (let i = 0; i < 2000 && (await queue.getState(TRADER_QUEUE, id)) !== "completed"; i++)
        await new Promise((r) => setTimeout(r, 10));
      expect(await queue.getState(TRADER_QUEUE, id)).toBe("completed");
      for (let i = 0; i < 2000 && (await queue.getState(TRADER_QUEUE, bad)) !== "failed"; i++)
        await new Promise((r) => setTimeout(r, 10));
      expect(await queue.getState(TRADER_QUEUE, bad)).toBe("failed");
    } finally {
      await worker.close();
      await queue.close();
    }
    const rows = await stored();
    expect([...rows.keys()].sort()).toEqual([PLAIN, PRO, SMART].sort());
    const computedAt = Number(rows.get(PRO)!.computed_at);
    for (const w of [PRO, SMART, PLAIN]) {
      const e = expectedFigures(w, computedAt);
      const r = rows.get(w)!;
      expect(
        [r.pro_trader, r.smart_trader, r.trades_30d, r.tokens_30d, r.decided_tokens_90d, r.won_tokens_90d],
        w,
      ).toEqual([e.proTrader, e.smartTrader, e.trades30d, e.tokens30d, e.decidedTokens90d, e.wonTokens90d]);
      expect(Number(r.realized_native_30d)).toBeCloseTo(e.realizedNative30d, 9);
      expect(Number(r.realized_native_90d)).toBeCloseTo(e.realizedNative90d, 9);
    }
    // the designed wallets land where their trades put them
    expect(rows.get(PRO)).toMatchObject({ pro_trader: true, trades_30d: PRO_TRADER_MIN_TRADES_30D });
    expect(rows.get(SMART)).toMatchObject({ pro_trader: false, smart_trader: true, won_tokens_90d: 7 });
    expect(rows.get(PLAIN)).toMatchObject({ pro_trader: false, smart_trader: false });
    // the run is recorded with its rows, so readers keeping badges know to drop them
    expect(await runOf(CHAIN)).toBe(computedAt);
  });

  it("judges the same whether the wallets are taken one, two or all at a time", async () => {
    const byPass = new Map<number, unknown>();
    for (const [i, walletsPerPass] of [1, 2, 10_000].entries()) {
      const at = NOW + 1 + i;
      const res = await recomputeWalletBadges(db.pool, CHAIN, at, walletsPerPass);
      expect(res, `${walletsPerPass} a pass`).toEqual({ wallets: 3, proTraders: 1, smartTraders: 1 });
      const rows = await stored();
      for (const w of [PRO, SMART, PLAIN]) {
        const e = expectedFigures(w, at);
        const r = rows.get(w)!;
        expect(
          [r.pro_trader, r.smart_trader, r.trades_30d, r.decided_tokens_90d, r.won_tokens_90d],
          w,
        ).toEqual([e.proTrader, e.smartTrader, e.trades30d, e.decidedTokens90d, e.wonTokens90d]);
        expect(Number(r.computed_at)).toBe(at);
      }
      byPass.set(
        walletsPerPass,
        [...rows].map(([w, r]) => [w, { ...r, computed_at: null }]),
      );
    }
    expect(byPass.get(1)).toEqual(byPass.get(10_000));
    expect(byPass.get(2)).toEqual(byPass.get(10_000));
    expect(await runOf(CHAIN)).toBe(NOW + 3);
  });

  it("takes the badges away from wallets that went quiet, at a later run", async () => {
    const later = NOW + 120 * DAY;
    const res = await recomputeWalletBadges(db.pool, CHAIN, later);
    expect(res).toEqual({ wallets: 0, proTraders: 0, smartTraders: 0 });
    const rows = await stored();
    for (const r of rows.values()) {
      expect([r.pro_trader, r.smart_trader, r.trades_30d, Number(r.computed_at)]).toEqual([
        false,
        false,
        0,
        later,
      ]);
    }
    expect(await runOf(CHAIN)).toBe(later);
  });
});

async function runOf(chain: ChainId): Promise<number | null> {
  const { rows } = await db.pool.query<{ at: string }>(
    "select computed_at::text as at from wallet_badge_runs where chain_id = $1",
    [chain],
  );
  return rows[0] ? Number(rows[0].at) : null;
}
