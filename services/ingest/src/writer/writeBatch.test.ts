import {
  type ChainId,
  type PoolRecord,
  parseUnits,
  type TokenRecord,
  type TradeRecord,
  type WalletSwapRecord,
} from "@tapeline/core";
import { createTestDatabase, type TestDatabase } from "@tapeline/core/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { IngestBatch } from "./IngestBatch.ts";
import { pruneFinalized } from "./pruneFinalized.ts";
import { rollbackTo } from "./rollbackTo.ts";
import { writeBatch } from "./writeBatch.ts";

const CHAIN: ChainId = "evm:31337";
const TOKEN = "0x00000000000000000000000000000000000000aa";
const QUOTE = "0x00000000000000000000000000000000000000bb";
const tokens: TokenRecord[] = [
  { chain: CHAIN, address: TOKEN, name: "Token", symbol: "TKN", decimals: 18, totalSupply: 10n ** 24n },
  { chain: CHAIN, address: QUOTE, name: "Wrapped", symbol: "WETH", decimals: 18, totalSupply: null },
];

function pool(address: string, block: bigint, reserve0: bigint): PoolRecord {
  return {
    chain: CHAIN,
    address,
    venueType: "UNISWAP_V2",
    factory: "0x00000000000000000000000000000000000000ff",
    token0: TOKEN,
    token1: QUOTE,
    tokenAddress: TOKEN,
    quoteAddress: QUOTE,
    reserve0,
    reserve1: reserve0 * 2n,
    priceNative: "2",
    liquidityNative: (reserve0 / 10n ** 18n).toString(),
    createdBlock: 1n,
    createdAt: 1_700_000_000_000,
    updatedBlock: block,
  };
}

/** A trade at `block` (12 s blocks) of `amountToken` whole tokens at `price` native each. */
function trade(
  poolAddr: string,
  block: number,
  logIndex: number,
  amountToken: number,
  price: string,
): TradeRecord {
  const amountTokenRaw = BigInt(amountToken) * 10n ** 18n;
  const amountQuoteRaw = (amountTokenRaw * parseUnits(price, 18)) / 10n ** 18n;
  const txHash = `0x${block.toString(16).padStart(8, "0")}${logIndex.toString(16).padStart(56, "0")}`;
  return {
    chain: CHAIN,
    pool: poolAddr,
    id: `${txHash}:${logIndex}`,
    txHash,
    block: BigInt(block),
    logIndex,
    at: 1_700_000_000_000 + block * 12_000,
    maker: "0x00000000000000000000000000000000000000cc",
    isBuy: logIndex % 2 === 0,
    tokenAddress: TOKEN,
    quoteAddress: QUOTE,
    amountToken: amountTokenRaw,
    amountQuote: amountQuoteRaw,
    priceQuote: price,
    priceNative: price,
    volumeNative: String(Number(price) * amountToken),
    feesNative: "0.001",
    isWash: null,
    preconfirmed: false,
    router: null,
  };
}

const dec = (v: string | null) => (v === null ? null : parseUnits(v, 40));

type Bucket = {
  market: string;
  resolution_s: number;
  bucket_start: string;
  open: string;
  high: string;
  low: string;
  close: string;
  volume_native: string;
  volume_quote: string;
  volume_token: string;
  volume_usd: string | null;
  trades: number;
  first_at: string;
  last_at: string;
};

/** The buckets the trades must give, computed directly from the trade list. */
function expectedBuckets(trades: TradeRecord[], usdPerNative: string | null) {
  const out = new Map<
    string,
    {
      open: bigint;
      high: bigint;
      low: bigint;
      close: bigint;
      vn: bigint;
      vq: bigint;
      vt: bigint;
      usd: bigint | null;
      n: number;
      first: number;
      last: number;
    }
  >();
  const sorted = [...trades].sort(
    (a, b) => a.at - b.at || Number(a.block - b.block) || a.logIndex - b.logIndex,
  );
  for (const t of sorted) {
    for (const r of [1, 60, 3600, 86400]) {
      const start = Math.floor(t.at / 1000 / r) * r;
      const key = `${CHAIN}/${t.pool}|${r}|${start}`;
      const p = dec(t.priceNative)!;
      const vn = dec(t.volumeNative)!;
      const b = out.get(key);
      const usd = usdPerNative === null ? null : (vn * dec(usdPerNative)!) / 10n ** 40n;
      if (!b) {
        out.set(key, {
          open: p,
          high: p,
          low: p,
          close: p,
          vn,
          vq: t.amountQuote * 10n ** 22n,
          vt: t.amountToken * 10n ** 22n,
          usd,
          n: 1,
          first: t.at,
          last: t.at,
        });
      } else {
        b.close = p;
        b.high = p > b.high ? p : b.high;
        b.low = p < b.low ? p : b.low;
        b.vn += vn;
        b.vq += t.amountQuote * 10n ** 22n;
        b.vt += t.amountToken * 10n ** 22n;
        b.usd = b.usd === null || usd === null ? null : b.usd + usd;
        b.n += 1;
        b.last = t.at;
      }
    }
  }
  return out;
}

async function readBuckets(db: TestDatabase, market?: string): Promise<Bucket[]> {
  const res = await db.pool.query<Bucket>(
    `select market, resolution_s, bucket_start, open, high, low, close, volume_native, volume_quote, volume_token,
       volume_usd, trades, first_at, last_at from candle_buckets where ($1::text is null or market = $1)
     order by market, resolution_s, bucket_start`,
    [market ?? null],
  );
  return res.rows;
}

function normalize(rows: Bucket[]) {
  return rows.map((b) => ({
    key: `${b.market}|${b.resolution_s}|${b.bucket_start}`,
    open: dec(b.open),
    high: dec(b.high),
    low: dec(b.low),
    close: dec(b.close),
    vn: dec(b.volume_native),
    vq: dec(b.volume_quote),
    vt: dec(b.volume_token),
    usd: dec(b.volume_usd),
    n: b.trades,
    first: Number(b.first_at),
    last: Number(b.last_at),
  }));
}

function batchOf(trades: TradeRecord[], pools: PoolRecord[], head: number): IngestBatch {
  const blocks = [...new Set(trades.map((t) => Number(t.block)))].map((n) => ({
    number: BigInt(n),
    hash: `0xh${n}`,
    parentHash: `0xh${n - 1}`,
    at: 1_700_000_000_000 + n * 12_000,
  }));
  return {
    chain: CHAIN,
    blocks,
    trades,
    pools,
    tokens,
    checkpoint: { block: BigInt(head), blockHash: `0xh${head}`, headBlock: BigInt(head), headAt: null },
  };
}

describe("writeBatch", () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db.drop();
  });

  it("stores trades, buckets, pool state and checkpoint; a rewrite changes nothing", async () => {
    const P = "0x0000000000000000000000000000000000000001";
    // several trades share a block time (same block) and the same second; prices move up and down
    const trades = [
      trade(P, 10, 0, 3, "1.5"),
      trade(P, 10, 1, 2, "1.25"),
      trade(P, 10, 2, 1, "1.75"),
      trade(P, 11, 0, 5, "1.1"),
      trade(P, 15, 3, 4, "2.05"),
      trade(P, 400, 1, 7, "0.9"),
    ];
    const first = await writeBatch(db.pool, batchOf(trades, [pool(P, 400n, 10n ** 21n)], 400));
    expect(first.insertedTradeIds).toEqual(trades.map((t) => t.id));

    const expected = expectedBuckets(trades, null);
    const got = normalize(await readBuckets(db, `${CHAIN}/${P}`));
    expect(got.length).toBe(expected.size);
    for (const b of got) {
      const e = expected.get(b.key)!;
      expect(e, b.key).toBeDefined();
      expect(b).toEqual({
        key: b.key,
        open: e.open,
        high: e.high,
        low: e.low,
        close: e.close,
        vn: e.vn,
        vq: e.vq,
        vt: e.vt,
        usd: null,
        n: e.n,
        first: e.first,
        last: e.last,
      });
    }
    const cp = await db.pool.query("select block, block_hash from ingest_checkpoints where chain_id = $1", [
      CHAIN,
    ]);
    expect(cp.rows[0]).toEqual({ block: "400", block_hash: "0xh400" });
    const p = await db.pool.query("select reserve0, last_trade_at from pools where address = $1", [P]);
    expect(p.rows[0]).toEqual({ reserve0: (10n ** 21n).toString(), last_trade_at: String(trades[5]!.at) });
    const best = await db.pool.query("select best_pool from tokens where address = $1", [TOKEN]);
    expect(best.rows[0].best_pool).toBe(P);

    const before = await readBuckets(db);
    const again = await writeBatch(db.pool, batchOf(trades, [pool(P, 400n, 10n ** 21n)], 400));
    expect(again.insertedTradeIds).toEqual([]);
    expect(await readBuckets(db)).toEqual(before);
    const n = await db.pool.query("select count(*)::int as n from trades where pool_address = $1", [P]);
    expect(n.rows[0].n).toBe(trades.length);
  });

  it("merges buckets the same whatever order the trades arrive in", async () => {
    const A = "0x0000000000000000000000000000000000000002";
    const B = "0x0000000000000000000000000000000000000003";
    const mk = (p: string) => [
      trade(p, 20, 0, 3, "1.5"),
      trade(p, 20, 4, 2, "1.3"),
      trade(p, 20, 7, 6, "1.8"),
      trade(p, 21, 2, 1, "1.4"),
      trade(p, 30, 1, 2, "1.6"),
      trade(p, 301, 0, 9, "1.2"),
    ];
    await writeBatch(db.pool, batchOf(mk(A), [pool(A, 301n, 10n ** 20n)], 301));
    const shuffled = mk(B);
    // arrival order: the last trades first, then the first ones, one by one
    for (const i of [5, 3, 2, 0, 4, 1])
      await writeBatch(db.pool, batchOf([shuffled[i]!], [pool(B, 301n, 10n ** 20n)], 301));
    const a = normalize(await readBuckets(db, `${CHAIN}/${A}`)).map((b) => ({
      ...b,
      key: b.key.replace(A, ""),
    }));
    const b = normalize(await readBuckets(db, `${CHAIN}/${B}`)).map((x) => ({
      ...x,
      key: x.key.replace(B, ""),
    }));
    expect(b).toEqual(a);
    expect(a.find((x) => x.key.includes("|86400|"))!.n).toBe(6);
  });

  it("values USD volume at the native price of the trade's minute", async () => {
    const P = "0x0000000000000000000000000000000000000004";
    const trades = [trade(P, 50, 0, 3, "1.5"), trade(P, 51, 0, 1, "2")];
    const minute = Math.floor(trades[0]!.at / 60_000) * 60_000;
    await writeBatch(db.pool, {
      ...batchOf(trades, [pool(P, 51n, 10n ** 20n)], 51),
      nativePrices: [{ minute, priceUsd: "3000.5", source: "test" }],
    });
    const expected = expectedBuckets(trades, "3000.5");
    for (const b of normalize(await readBuckets(db, `${CHAIN}/${P}`))) {
      expect(b.usd).toBe(expected.get(b.key)!.usd);
    }
  });

  it("keeps newer pool state when an older record arrives (backfill behind the tail)", async () => {
    const P = "0x0000000000000000000000000000000000000005";
    await writeBatch(db.pool, batchOf([], [pool(P, 900n, 7n)], 900));
    await writeBatch(db.pool, { ...batchOf([], [pool(P, 100n, 3n)], 900), checkpoint: undefined });
    const p = await db.pool.query("select reserve0, updated_block from pools where address = $1", [P]);
    expect(p.rows[0]).toEqual({ reserve0: "7", updated_block: "900" });
  });
});

describe("rollbackTo", () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db.drop();
  });

  it("removes what later blocks wrote and rebuilds buckets and pool state", async () => {
    const P = "0x0000000000000000000000000000000000000010";
    const Q = "0x0000000000000000000000000000000000000011";
    const kept = [trade(P, 100, 0, 1, "1"), trade(P, 101, 3, 2, "1.2"), trade(P, 102, 1, 3, "0.8")];
    const orphan = [trade(P, 103, 0, 4, "5"), trade(P, 104, 2, 1, "0.1"), trade(Q, 104, 5, 1, "3")];
    await writeBatch(db.pool, batchOf(kept, [pool(P, 102n, 500n)], 102));
    await writeBatch(db.pool, {
      ...batchOf(orphan, [pool(P, 104n, 999n), { ...pool(Q, 104n, 1n), createdBlock: 103n }], 104),
    });
    const res = await rollbackTo(db.pool, CHAIN, 102n);
    expect(res.tradesDeleted).toBe(3);
    expect(new Set(res.markets)).toEqual(new Set([`${CHAIN}/${P}`, `${CHAIN}/${Q}`]));

    const ids = await db.pool.query<{ id: string }>("select id from trades order by block, log_index");
    expect(ids.rows.map((r) => r.id)).toEqual(kept.map((t) => t.id));
    const expected = expectedBuckets(kept, null);
    const got = normalize(await readBuckets(db));
    expect(got.map((b) => b.key).sort()).toEqual([...expected.keys()].sort());
    for (const b of got) {
      const e = expected.get(b.key)!;
      expect([b.open, b.high, b.low, b.close, b.vn, b.n, b.first, b.last]).toEqual([
        e.open,
        e.high,
        e.low,
        e.close,
        e.vn,
        e.n,
        e.first,
        e.last,
      ]);
    }
    const pools = await db.pool.query(
      "select address, reserve0, updated_block, last_trade_at from pools order by address",
    );
    expect(pools.rows).toEqual([
      { address: P, reserve0: "500", updated_block: "102", last_trade_at: String(kept[2]!.at) },
    ]);
    const blocks = await db.pool.query("select max(number) as m from ingest_blocks");
    expect(blocks.rows[0].m).toBe("102");
    const cp = await db.pool.query("select block, block_hash from ingest_checkpoints");
    expect(cp.rows[0]).toEqual({ block: "102", block_hash: "0xh102" });

    // re-ingesting the orphaned batch after the rollback gives the same state as a straight write
    await writeBatch(
      db.pool,
      batchOf(orphan, [pool(P, 104n, 999n), { ...pool(Q, 104n, 1n), createdBlock: 103n }], 104),
    );
    const all = expectedBuckets([...kept, ...orphan], null);
    const after = normalize(await readBuckets(db));
    expect(after.length).toBe(all.size);
    for (const b of after) expect(b.close).toBe(all.get(b.key)!.close);
  });
});

/** The wallet swap of each trade's transaction, as its maker saw it. */
function swapsOf(trades: TradeRecord[]): WalletSwapRecord[] {
  return trades.map((t) => {
    const token = { tokenAddress: t.tokenAddress, amount: t.amountToken };
    const quote = { tokenAddress: t.quoteAddress, amount: t.amountQuote };
    return {
      chain: t.chain,
      wallet: t.maker,
      txHash: t.txHash,
      block: t.block,
      seq: t.logIndex,
      at: t.at,
      sent: [t.isBuy ? quote : token],
      received: [t.isBuy ? token : quote],
      route: [
        {
          poolAddress: t.pool,
          poolType: "UNISWAP_V2",
          sent: t.isBuy ? quote : token,
          received: t.isBuy ? token : quote,
        },
      ],
      volumeNative: t.volumeNative,
      feesNative: t.feesNative,
    };
  });
}

/** The balance changes of a transfer of `amount` raw units (null: mint or burn) at `block`. */
function move(
  token: string,
  from: string | null,
  to: string | null,
  amount: bigint,
  block: number,
  seq: number,
) {
  const base = {
    token,
    block: BigInt(block),
    seq,
    at: 1_700_000_000_000 + block * 12_000,
    txHash: `0xt${block}-${seq}`,
    accounts: null,
  };
  return [
    ...(from ? [{ ...base, holder: from, delta: -amount }] : []),
    ...(to ? [{ ...base, holder: to, delta: amount }] : []),
  ];
}

/** A Solana-style change: the holder's token accounts with their post amounts (the writer computes the delta). */
function held(token: string, holder: string, accounts: [string, bigint][], block: number, seq: number) {
  return {
    token,
    holder,
    block: BigInt(block),
    seq,
    at: 1_700_000_000_000 + block * 12_000,
    txHash: `0xs${block}-${seq}`,
    delta: 0n,
    accounts: accounts.map(([account, post]) => ({ account, post })),
  };
}

// Every table writeBatch writes, and the columns that only record when a row was written.
const WRITER_TABLES = [
  "tokens",
  "pools",
  "token_markets",
  "pool_snapshots",
  "native_prices",
  "trades",
  "token_trades",
  "candle_buckets",
  "trader_buckets",
  "wallet_swaps",
  "wallet_trades",
  "pool_ath_marks",
  "token_holder_stats",
  "token_holders",
  "token_accounts",
  "wallet_balances",
  "wallet_balance_changes",
  "ingest_blocks",
  "ingest_checkpoints",
];
const WRITE_TIME_COLUMNS = new Set(["updated_at", "head_block", "head_at"]);

async function dumpWriterTables(db: TestDatabase): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const table of WRITER_TABLES) {
    const res = await db.pool.query(`select * from ${table}`);
    out[table] = res.rows
      .map((r: Record<string, unknown>) =>
        JSON.stringify(Object.entries(r).filter(([k]) => !WRITE_TIME_COLUMNS.has(k))),
      )
      .sort();
  }
  return out;
}

describe("rollbackTo on every table the writer touches", () => {
  let straight: TestDatabase;
  let rolled: TestDatabase;
  beforeAll(async () => {
    straight = await createTestDatabase();
    rolled = await createTestDatabase();
  });
  afterAll(async () => {
    await straight.drop();
    await rolled.drop();
  });

  it("leaves each table as writing only the kept blocks left it, wallet and balance rows included", async () => {
    const P = "0x0000000000000000000000000000000000000030";
    const Q = "0x0000000000000000000000000000000000000031";
    const LATE = "0x0000000000000000000000000000000000000032";
    const SOLT = "0x0000000000000000000000000000000000000033";
    const [A, B, C] = [
      "0x00000000000000000000000000000000000000a1",
      "0x00000000000000000000000000000000000000b1",
      "0x00000000000000000000000000000000000000c1",
    ];
    const kept = [trade(P, 200, 0, 1, "1"), trade(P, 201, 3, 2, "1.2")];
    const orphan = [trade(P, 202, 0, 4, "5"), trade(Q, 203, 1, 1, "3")];
    const keptBatch = {
      ...batchOf(kept, [pool(P, 201n, 500n)], 201),
      walletSwaps: swapsOf(kept),
      balances: {
        tracked: [
          { token: TOKEN, block: 201n },
          { token: SOLT, block: 200n },
        ],
        changes: [
          // Solana-style: a token account first seen holding 50, then 40 (the pre amounts are the chain's)
          held(SOLT, A, [["acc1", 50n]], 200, 3),
          held(SOLT, A, [["acc1", 40n]], 201, 1),
          ...move(TOKEN, null, A, 100n, 199, 0),
          ...move(TOKEN, A, B, 30n, 200, 1),
          ...move(TOKEN, A, C, 5n, 201, 0),
        ],
      },
    };
    await writeBatch(straight.pool, keptBatch);
    await writeBatch(rolled.pool, keptBatch);
    await writeBatch(rolled.pool, {
      ...batchOf(orphan, [pool(P, 203n, 999n), { ...pool(Q, 203n, 1n), createdBlock: 202n }], 203),
      walletSwaps: swapsOf(orphan),
      balances: {
        // a token first tracked after the ancestor, seeded from older blocks
        tracked: [{ token: LATE, block: 203n }],
        changes: [
          ...move(TOKEN, B, A, 30n, 202, 0),
          ...move(TOKEN, C, null, 5n, 203, 2),
          ...move(TOKEN, A, C, 1n, 203, 4),
          held(
            SOLT,
            A,
            [
              ["acc1", 20n],
              ["acc2", 5n],
            ],
            202,
            3,
          ),
          held(SOLT, B, [["acc3", 9n]], 203, 0),
          ...move(LATE, null, A, 7n, 150, 0),
          ...move(LATE, A, B, 7n, 202, 1),
        ],
      },
    });
    const before = await rolled.pool.query("select count(*)::int as n from wallet_swaps");
    expect(before.rows[0].n).toBe(4);
    const mid = await rolled.pool.query(
      "select holder, balance::text from token_holders where token_address = $1 order by holder",
      [TOKEN],
    );
    expect(mid.rows).toEqual([
      { holder: A, balance: "94" },
      { holder: C, balance: "1" },
    ]);
    const res = await rollbackTo(rolled.pool, CHAIN, 201n);
    expect(res.walletRowsDeleted).toBe(4);
    expect(res.balanceChangesDeleted).toBe(10);
    const want = await dumpWriterTables(straight);
    expect(want.wallet_swaps).toHaveLength(2);
    expect(want.wallet_trades).toHaveLength(2);
    expect(want.token_holders).toHaveLength(4);
    expect(want.wallet_balance_changes).toHaveLength(7);
    expect(want.token_accounts).toHaveLength(1);
    expect(await dumpWriterTables(rolled)).toEqual(want);
    const count = await rolled.pool.query(
      "select token_address, holder_count::int as n from token_holder_stats order by token_address",
    );
    expect(count.rows).toEqual([
      { token_address: SOLT, n: 1 },
      { token_address: TOKEN, n: 3 },
    ]);
    const sol = await rolled.pool.query("select balance::text from token_holders where token_address = $1", [
      SOLT,
    ]);
    expect(sol.rows).toEqual([{ balance: "40" }]);
  });
});

/** Each pool row as its token's market list must hold it: keyed by `<chain>/<token>`, reserves left out. */
async function poolsAsTokenLists(db: TestDatabase) {
  const cols = `market, chain_id, address, token_address, quote_address, venue_type, factory, exchange_name, fee_bps,
    launchpad, is_launchpad, bonding_progress, migrated, graduated_at, creator, price_native, liquidity_native,
    liquidity_native_ath, created_at, created_block, last_trade_at`;
  const [pools, lists] = await Promise.all([
    db.pool.query(`select chain_id || '/' || token_address as token_key, ${cols} from pools order by market`),
    db.pool.query(`select token_key, ${cols} from token_markets order by market`),
  ]);
  return { pools: pools.rows, lists: lists.rows };
}

/** Each trade as its token's copy must hold it: keyed by `<chain>/<token>`, with the tape's columns. */
async function tradesAsTokenCopies(db: TestDatabase) {
  const cols = `at, block, log_index, id, pool_address, quote_address, maker, is_buy, amount_token, amount_quote,
    price_native, volume_native, fees_native, is_wash, preconfirmed, tx_hash`;
  const order = "order by token_key, at, block, log_index, id, pool_address";
  const [trades, copies] = await Promise.all([
    db.pool.query(`select chain_id || '/' || token_address as token_key, ${cols} from trades ${order}`),
    db.pool.query(`select token_key, ${cols} from token_trades ${order}`),
  ]);
  return { trades: trades.rows, copies: copies.rows };
}

describe("token market lists", () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db.drop();
  });

  it("hold every pool row and every trade under its token through trades, a token change and a rollback", async () => {
    const P = "0x0000000000000000000000000000000000000040";
    const Q = "0x0000000000000000000000000000000000000041";
    const R = "0x0000000000000000000000000000000000000042";
    await writeBatch(
      db.pool,
      batchOf([trade(P, 300, 0, 1, "1")], [pool(P, 300n, 500n), pool(Q, 300n, 900n)], 300),
    );
    let got = await poolsAsTokenLists(db);
    expect(got.pools).toHaveLength(2);
    expect(got.lists).toEqual(got.pools);
    let copies = await tradesAsTokenCopies(db);
    expect(copies.trades).toHaveLength(1);
    expect(copies.copies).toEqual(copies.trades);
    expect(got.lists.map((r) => r.token_key)).toEqual([`${CHAIN}/${TOKEN}`, `${CHAIN}/${TOKEN}`]);
    // Q's record now names the other side its base token; R is new after block 301
    await writeBatch(
      db.pool,
      batchOf(
        [trade(P, 302, 1, 2, "1.5"), trade(R, 302, 2, 1, "2")],
        [
          pool(P, 302n, 700n),
          { ...pool(Q, 302n, 900n), tokenAddress: QUOTE, quoteAddress: TOKEN },
          { ...pool(R, 302n, 50n), createdBlock: 302n },
        ],
        302,
      ),
    );
    got = await poolsAsTokenLists(db);
    expect(got.pools).toHaveLength(3);
    expect(got.lists).toEqual(got.pools);
    // Q trades under its new base token; a rewrite of the batch copies nothing twice
    await writeBatch(
      db.pool,
      batchOf(
        [
          trade(P, 302, 1, 2, "1.5"),
          { ...trade(Q, 302, 3, 4, "0.5"), tokenAddress: QUOTE, quoteAddress: TOKEN },
        ],
        [],
        302,
      ),
    );
    copies = await tradesAsTokenCopies(db);
    expect(copies.trades).toHaveLength(4);
    expect(new Set(copies.copies.map((r) => r.token_key))).toEqual(
      new Set([`${CHAIN}/${TOKEN}`, `${CHAIN}/${QUOTE}`]),
    );
    expect(copies.copies).toEqual(copies.trades);
    expect(got.lists.find((r) => r.address === Q)?.token_key).toBe(`${CHAIN}/${QUOTE}`);
    expect(got.lists.find((r) => r.address === P)?.last_trade_at).toBe(String(trade(P, 302, 1, 2, "1.5").at));
    // the fork drops block 302: R leaves, P's state and last trade go back to block 300
    await rollbackTo(db.pool, CHAIN, 301n);
    got = await poolsAsTokenLists(db);
    expect(got.pools.map((r) => r.address)).toEqual([P, Q]);
    expect(got.lists).toEqual(got.pools);
    expect(got.lists.find((r) => r.address === P)?.last_trade_at).toBe(String(trade(P, 300, 0, 1, "1").at));
    copies = await tradesAsTokenCopies(db);
    expect(copies.trades).toHaveLength(1);
    expect(copies.copies).toEqual(copies.trades);
  });
});

describe("pruneFinalized", () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db.drop();
  });

  it("drops block hashes and pool snapshots below the finalized block, keeping each pool's last one", async () => {
    const P = "0x0000000000000000000000000000000000000020";
    for (const b of [10, 20, 30, 40]) {
      await writeBatch(
        db.pool,
        batchOf([trade(P, b, 0, 1, "1")], [pool(P, BigInt(b), BigInt(b) * 1000n)], b),
      );
    }
    await pruneFinalized(db.pool, CHAIN, 35n);
    const blocks = await db.pool.query<{ number: string }>(
      "select number from ingest_blocks order by number",
    );
    expect(blocks.rows.map((r) => r.number)).toEqual(["40"]);
    const snaps = await db.pool.query<{ block: string }>("select block from pool_snapshots order by block");
    expect(snaps.rows.map((r) => r.block)).toEqual(["30", "40"]);
    // a rollback to a block after the finalized one still finds the state it needs
    await rollbackTo(db.pool, CHAIN, 36n);
    const p = await db.pool.query("select reserve0, updated_block from pools where address = $1", [P]);
    expect(p.rows[0]).toEqual({ reserve0: "30000", updated_block: "30" });
  });
});
