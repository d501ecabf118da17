import {
  type ChainId,
  type PoolRecord,
  parseUnits,
  type TokenRecord,
  type TradeRecord,
} from "@tapeline/core";
import { createTestDatabase, type TestDatabase } from "@tapeline/core/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { IngestBatch } from "./IngestBatch.ts";
import { rollbackTo } from "./rollbackTo.ts";
import { writeBatch } from "./writeBatch.ts";

const CHAIN: ChainId = "evm:31337";
const TOKEN = "0x00000000000000000000000000000000000000aa";
const QUOTE = "0x00000000000000000000000000000000000000bb";
const P = "0x0000000000000000000000000000000000000041";
const WALLETS = [
  "0x00000000000000000000000000000000000000c1",
  "0x00000000000000000000000000000000000000c2",
  "0x00000000000000000000000000000000000000c3",
];
const T0 = Date.UTC(2026, 10, 20, 22, 58, 30);
const tokens: TokenRecord[] = [
  { chain: CHAIN, address: TOKEN, name: "Token", symbol: "TKN", decimals: 18, totalSupply: 10n ** 24n },
  { chain: CHAIN, address: QUOTE, name: "Wrapped", symbol: "WETH", decimals: 18, totalSupply: null },
];
const poolRec = (block: number): PoolRecord => ({
  chain: CHAIN,
  address: P,
  venueType: "UNISWAP_V2",
  factory: "0x00000000000000000000000000000000000000ff",
  token0: TOKEN,
  token1: QUOTE,
  tokenAddress: TOKEN,
  quoteAddress: QUOTE,
  createdBlock: 1n,
  createdAt: T0,
  updatedBlock: BigInt(block),
});

/** Trade `i`: block i, 40 s apart (so minutes, an hour and a day change along the list). */
function trade(
  i: number,
  maker: string,
  isBuy: boolean,
  tokensWhole: number,
  volumeNative: string | null,
): TradeRecord {
  const txHash = `0x${i.toString(16).padStart(64, "0")}`;
  return {
    chain: CHAIN,
    pool: P,
    id: `${txHash}:0`,
    txHash,
    block: BigInt(i),
    logIndex: 0,
    at: T0 + i * 40_000,
    maker,
    isBuy,
    tokenAddress: TOKEN,
    quoteAddress: QUOTE,
    amountToken: BigInt(tokensWhole) * 10n ** 18n,
    amountQuote: volumeNative === null ? 0n : parseUnits(volumeNative, 18),
    priceQuote: null,
    priceNative: null,
    volumeNative,
    feesNative: null,
    isWash: null,
    preconfirmed: false,
    router: null,
  };
}

function batchOf(trades: TradeRecord[], head: number, prices: IngestBatch["nativePrices"] = []): IngestBatch {
  return {
    chain: CHAIN,
    blocks: trades.map((t) => ({
      number: t.block,
      hash: `0xh${t.block}`,
      parentHash: `0xh${t.block - 1n}`,
      at: t.at,
    })),
    trades,
    pools: [poolRec(head)],
    tokens,
    nativePrices: prices,
    checkpoint: { block: BigInt(head), blockHash: `0xh${head}`, headBlock: BigInt(head), headAt: null },
  };
}

const E40 = 10n ** 40n;
const dec = (v: string) => parseUnits(v, 40);

type Row = {
  buys: number;
  sells: number;
  boughtTokens: bigint;
  soldTokens: bigint;
  boughtNative: bigint;
  soldNative: bigint;
  boughtUsd: bigint;
  soldUsd: bigint;
  nativeMissing: number;
  usdMissing: number;
  first: number;
  last: number;
};

/** A trade's rollup keys: its minute, hour and day buckets. */
const bucketKeys = (t: TradeRecord) =>
  [60, 3600, 86400].map((r) => `${CHAIN}/${P}|${r}|${Math.floor(t.at / (r * 1000)) * r * 1000}|${t.maker}`);
/** A trade's lifetime row key: its market and wallet. */
const totalKeys = (t: TradeRecord) => [`${CHAIN}/${P}|${t.maker}`];

/** The rows the trades must give, summed here from the trade list and the minute rates. */
function expectedRows(
  trades: TradeRecord[],
  usdAt: (minute: number) => string | null,
  keysOf: (t: TradeRecord) => string[] = bucketKeys,
): Map<string, Row> {
  const out = new Map<string, Row>();
  for (const t of trades) {
    const minute = Math.floor(t.at / 60_000) * 60_000;
    const usd = usdAt(minute);
    const vn = t.volumeNative === null ? null : dec(t.volumeNative);
    const vu = vn === null || usd === null ? null : (vn * dec(usd)) / E40;
    for (const key of keysOf(t)) {
      const b = out.get(key) ?? {
        buys: 0,
        sells: 0,
        boughtTokens: 0n,
        soldTokens: 0n,
        boughtNative: 0n,
        soldNative: 0n,
        boughtUsd: 0n,
        soldUsd: 0n,
        nativeMissing: 0,
        usdMissing: 0,
        first: t.at,
        last: t.at,
      };
      if (t.isBuy) {
        b.buys += 1;
        b.boughtTokens += t.amountToken;
        b.boughtNative += vn ?? 0n;
        b.boughtUsd += vu ?? 0n;
      } else {
        b.sells += 1;
        b.soldTokens += t.amountToken;
        b.soldNative += vn ?? 0n;
        b.soldUsd += vu ?? 0n;
      }
      if (vn === null) b.nativeMissing += 1;
      if (vu === null) b.usdMissing += 1;
      b.first = Math.min(b.first, t.at);
      b.last = Math.max(b.last, t.at);
      out.set(key, b);
    }
  }
  return out;
}

async function readRows(db: TestDatabase, table = "trader_buckets"): Promise<Map<string, Row>> {
  const res = await db.pool.query(`select * from ${table} order by market, wallet`);
  return new Map(
    res.rows.map((r) => [
      table === "trader_buckets"
        ? `${r.market}|${r.resolution_s}|${r.bucket_start}|${r.wallet}`
        : `${r.market}|${r.wallet}`,
      {
        buys: r.buys,
        sells: r.sells,
        boughtTokens: BigInt(r.bought_tokens),
        soldTokens: BigInt(r.sold_tokens),
        boughtNative: dec(r.bought_native),
        soldNative: dec(r.sold_native),
        boughtUsd: dec(r.bought_usd),
        soldUsd: dec(r.sold_usd),
        nativeMissing: r.native_missing,
        usdMissing: r.usd_missing,
        first: Number(r.first_at),
        last: Number(r.last_at),
      },
    ]),
  );
}

/** The market's lifetime wallet count (`trader_counts`, 'all') and the wallets the trades give. */
async function lifetimeCounts(db: TestDatabase, trades: TradeRecord[]) {
  const { rows } = await db.pool.query<{ market: string; wallets: number }>(
    "select market, wallets from trader_counts where timeframe = 'all' and wallets <> 0",
  );
  return {
    got: Object.fromEntries(rows.map((r) => [r.market, r.wallets])),
    want: { [`${CHAIN}/${P}`]: new Set(trades.map((t) => t.maker)).size },
  };
}

// 12 trades of three wallets over 8 minutes that cross an hour (23:00) and a day (00:00 is
// further on: trade 11 is placed a day later); one trade has no native value.
const TRADES = [
  trade(0, WALLETS[0]!, true, 10, "1.5"),
  trade(1, WALLETS[1]!, true, 4, "0.61"),
  trade(2, WALLETS[0]!, false, 3, "0.5"),
  trade(3, WALLETS[2]!, true, 7, null),
  trade(4, WALLETS[0]!, true, 1, "0.125"),
  trade(5, WALLETS[1]!, false, 4, "0.7"),
  trade(6, WALLETS[2]!, false, 2, "0.33"),
  trade(7, WALLETS[0]!, false, 8, "1.9"),
  trade(8, WALLETS[1]!, true, 9, "2.25"),
  trade(9, WALLETS[2]!, true, 5, "1.05"),
  trade(10, WALLETS[0]!, true, 2, "0.4"),
  { ...trade(11, WALLETS[1]!, false, 3, "0.8"), at: T0 + 86_400_000 + 11 * 40_000 },
];
const MINUTE0 = Math.floor(T0 / 60_000) * 60_000;
const PRICES = [
  { minute: MINUTE0, priceUsd: "3000.25", source: "test" },
  { minute: MINUTE0 + 180_000, priceUsd: "3012.5", source: "test" },
];
/** The rate rule: the latest stored minute at or before the trade's minute, within an hour. */
const usdAt = (minute: number) =>
  [...PRICES].reverse().find((p) => p.minute <= minute && p.minute > minute - 3_600_000)?.priceUsd ?? null;

describe("trader rollups kept by the writer", () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db.drop();
  });

  it("sum each wallet's trades per minute, hour and day, whatever the batches; a rewrite adds nothing", async () => {
    // arrival: two batches, the later trades first
    await writeBatch(db.pool, batchOf(TRADES.slice(6), 11, PRICES));
    await writeBatch(db.pool, batchOf(TRADES.slice(0, 6), 11));
    const want = expectedRows(TRADES, usdAt);
    expect(await readRows(db)).toEqual(want);
    const wantTotals = expectedRows(TRADES, usdAt, totalKeys);
    expect(await readRows(db, "trader_totals")).toEqual(wantTotals);
    let counts = await lifetimeCounts(db, TRADES);
    expect(counts.got).toEqual(counts.want);
    // the fixture spans each resolution's boundary (several buckets per wallet at 60 s and 3600 s)
    const hours = [...want.keys()].filter((k) => k.includes("|3600|")).map((k) => k.split("|")[2]);
    expect(new Set(hours).size).toBeGreaterThan(1);
    // and holds trades without a native value and trades without a rate (trade 11: a day later)
    expect([...want.values()].some((r) => r.nativeMissing > 0)).toBe(true);
    expect([...want.values()].some((r) => r.usdMissing > r.nativeMissing)).toBe(true);
    await writeBatch(db.pool, batchOf(TRADES, 11, PRICES));
    expect(await readRows(db)).toEqual(want);
    expect(await readRows(db, "trader_totals")).toEqual(wantTotals);
    counts = await lifetimeCounts(db, TRADES);
    expect(counts.got).toEqual(counts.want);
  });

  it("are rebuilt by a rollback to what the kept trades give, and re-ingesting restores them", async () => {
    // the removed trades are of all three wallets
    expect(new Set(TRADES.slice(7).map((t) => t.maker)).size).toBe(3);
    const res = await rollbackTo(db.pool, CHAIN, 6n);
    expect(res.tradesDeleted).toBe(5);
    expect(await readRows(db)).toEqual(expectedRows(TRADES.slice(0, 7), usdAt));
    expect(await readRows(db, "trader_totals")).toEqual(expectedRows(TRADES.slice(0, 7), usdAt, totalKeys));
    await writeBatch(db.pool, batchOf(TRADES.slice(7), 11));
    expect(await readRows(db)).toEqual(expectedRows(TRADES, usdAt));
    expect(await readRows(db, "trader_totals")).toEqual(expectedRows(TRADES, usdAt, totalKeys));
  });

  it("lose the rows of wallets a rollback leaves without trades", async () => {
    await rollbackTo(db.pool, CHAIN, 0n);
    const kept = expectedRows(TRADES.slice(0, 1), usdAt, totalKeys);
    expect(kept.size).toBe(1);
    expect(await readRows(db, "trader_totals")).toEqual(kept);
    const counts = await lifetimeCounts(db, TRADES.slice(0, 1));
    expect(counts.got).toEqual(counts.want);
    expect(await readRows(db)).toEqual(expectedRows(TRADES.slice(0, 1), usdAt));
    await writeBatch(db.pool, batchOf(TRADES.slice(1), 11, PRICES));
    expect(await readRows(db, "trader_totals")).toEqual(expectedRows(TRADES, usdAt, totalKeys));
  });
});
