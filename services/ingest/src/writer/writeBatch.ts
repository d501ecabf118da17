import {
  marketKey,
  type PoolRecord,
  type TokenRecord,
  type TradeRecord,
  type WalletSwapRecord,
  walletSwapTemplate,
} from "@tapeline/core";
import type pg from "pg";
import { candleBucketsSql } from "./candleBucketsSql.ts";
import { writeBlocksAndCheckpoint } from "./checkpoint.ts";
import { refreshDeployerVerdicts } from "./deployerVerdicts.ts";
import type { IngestBatch, WriteBatchResult } from "./IngestBatch.ts";
import { insertTraderBuckets } from "./insertTraderBuckets.ts";
import { recordLiquidityLows } from "./liquidityLows.ts";
import { type AthTouch, raisePoolAllTimeHighs } from "./poolAllTimeHighs.ts";
import { refreshBestPools } from "./refreshBestPools.ts";
import { writeTokenBalances } from "./tokenBalances.ts";
import { copyTokenMarkets, dropTokenMarkets, readPoolTokens } from "./tokenMarkets.ts";
import { updateTokenSnapshots } from "./tokenSnapshots.ts";
import { keepEarliestFundings } from "./walletFunding.ts";
import { walletAssetsJson, walletRouteJson } from "./walletSwapJson.ts";
import { walletTradesOf } from "./walletTradesOf.ts";

const str = (v: bigint | number | null | undefined): string | null =>
  v === null || v === undefined ? null : v.toString();

/** Later records of the same key override earlier ones field by field (absent keeps). */
function mergeByKey<T extends object>(items: readonly T[], key: (t: T) => string): T[] {
  const out = new Map<string, T>();
  for (const item of items) {
    const k = key(item);
    const prev = out.get(k);
    out.set(k, prev ? mergeFields(prev, item) : item);
  }
  return [...out.values()];
}

/** `item` over `prev`, field by field: an absent (undefined or null) field keeps `prev`'s. */
function mergeFields<T extends object>(prev: T, item: T): T {
  const merged: Record<string, unknown> = { ...(prev as Record<string, unknown>) };
  for (const [f, v] of Object.entries(item)) if (v !== undefined && v !== null) merged[f] = v;
  return merged as T;
}

/**
 * The wallet swaps, one per chain, wallet and transaction ({@link mergeByKey}'s rule), in first
 * appearance order. Found by transaction hash alone (a transaction holds one swap in the common
 * case), so no joined key is built and hashed per swap.
 */
function uniqueWalletSwaps(swaps: readonly WalletSwapRecord[]): WalletSwapRecord[] {
  const byTx = new Map<string, number[]>();
  const out: WalletSwapRecord[] = [];
  for (const s of swaps) {
    const at = byTx.get(s.txHash);
    const same = at?.find((i) => out[i]!.wallet === s.wallet && out[i]!.chain === s.chain);
    if (same !== undefined) {
      out[same] = mergeFields(out[same]!, s);
      continue;
    }
    if (at) at.push(out.length);
    else byTx.set(s.txHash, [out.length]);
    out.push(s);
  }
  return out;
}

async function upsertTokens(client: pg.PoolClient, tokens: TokenRecord[], now: number): Promise<void> {
  if (tokens.length === 0) return;
  const rows = mergeByKey(tokens, (t) => `${t.chain}/${t.address}`);
  await client.query(
    `insert into tokens as t (chain_id, address, name, symbol, decimals, total_supply, deployer, created_at,
       created_block, created_tx, metadata, updated_at)
     select u.chain_id, u.address, u.name, u.symbol, u.decimals, u.total_supply, u.deployer, u.created_at,
            u.created_block, u.created_tx, coalesce(u.metadata, '{}'::jsonb), $10
     from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::int[], $6::numeric[], $7::text[], $8::bigint[],
       $9::jsonb[], $11::bigint[], $12::text[])
       as u(chain_id, address, name, symbol, decimals, total_supply, deployer, created_at, metadata, created_block,
         created_tx)
     on conflict (chain_id, address) do update set
       name = coalesce(excluded.name, t.name),
       symbol = coalesce(excluded.symbol, t.symbol),
       decimals = coalesce(excluded.decimals, t.decimals),
       total_supply = coalesce(excluded.total_supply, t.total_supply),
       deployer = coalesce(excluded.deployer, t.deployer),
       created_at = coalesce(t.created_at, excluded.created_at),
       created_block = coalesce(t.created_block, excluded.created_block),
       created_tx = coalesce(t.created_tx, excluded.created_tx),
       metadata = t.metadata || excluded.metadata,
       updated_at = excluded.updated_at`,
    [
      rows.map((t) => t.chain),
      rows.map((t) => t.address),
      rows.map((t) => t.name),
      rows.map((t) => t.symbol),
      rows.map((t) => t.decimals),
      rows.map((t) => str(t.totalSupply)),
      rows.map((t) => t.deployer ?? null),
      rows.map((t) => str(t.createdAt)),
      rows.map((t) => (t.metadata ? JSON.stringify(t.metadata) : null)),
      now,
      rows.map((t) => str(t.createdBlock)),
      rows.map((t) => t.createdTx ?? null),
    ],
  );
}

/**
 * Pools: insert the new ones, then apply every given field (absent or null keeps the stored
 * value). State fields (reserves, liquidity, price) only move forward: a record whose
 * `updatedBlock` is older than the stored one (a backfill behind the live tail) leaves them.
 * Each state change is also kept as a snapshot at its block, for rollbacks.
 */
// In an UPDATE's SET list `p` is the row before the update, so this reads the stored block.
const FWD = "(p.updated_block is null or u.updated_block is null or u.updated_block >= p.updated_block)";

/** The state columns, each set from the record (when it has a value) only when the record moves forward. */
const FORWARD_STATE = [
  "reserve0",
  "reserve1",
  "liquidity",
  "sqrt_price_x96",
  "tick",
  "price_native",
  "price_quote",
  "liquidity_native",
  "updated_block",
]
  .map((c) => `${c} = case when ${FWD} then coalesce(u.${c}, p.${c}) else p.${c} end`)
  .join(",\n       ");

/** @returns the market keys of the pools inserted (not already stored). */
async function upsertPools(client: pg.PoolClient, pools: PoolRecord[], now: number): Promise<string[]> {
  if (pools.length === 0) return [];
  const rows = mergeByKey(pools, (p) => marketKey(p.chain, p.address));
  const params = [
    rows.map((p) => marketKey(p.chain, p.address)),
    rows.map((p) => p.chain),
    rows.map((p) => p.address),
    rows.map((p) => p.venueType),
    rows.map((p) => p.factory),
    rows.map((p) => p.exchangeName ?? null),
    rows.map((p) => p.feeBps ?? null),
    rows.map((p) => p.token0),
    rows.map((p) => p.token1),
    rows.map((p) => p.tokenAddress),
    rows.map((p) => p.quoteAddress),
    rows.map((p) => p.launchpad ?? null),
    rows.map((p) => p.isLaunchpad ?? null),
    rows.map((p) => p.bondingProgress ?? null),
    rows.map((p) => p.migrated ?? null),
    rows.map((p) => str(p.graduatedAt)),
    rows.map((p) => p.creator ?? null),
    rows.map((p) => str(p.reserve0)),
    rows.map((p) => str(p.reserve1)),
    rows.map((p) => str(p.liquidity)),
    rows.map((p) => str(p.sqrtPriceX96)),
    rows.map((p) => p.tick ?? null),
    rows.map((p) => p.priceNative ?? null),
    rows.map((p) => p.priceQuote ?? null),
    rows.map((p) => p.liquidityNative ?? null),
    rows.map((p) => str(p.createdAt)),
    rows.map((p) => str(p.createdBlock)),
    rows.map((p) => str(p.updatedBlock)),
    now,
  ];
  const src = `unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::int[], $8::text[],
      $9::text[], $10::text[], $11::text[], $12::text[], $13::bool[], $14::float8[], $15::bool[], $16::bigint[],
      $17::text[], $18::numeric[], $19::numeric[], $20::numeric[], $21::numeric[], $22::int[], $23::numeric[],
      $24::numeric[], $25::numeric[], $26::bigint[], $27::bigint[], $28::bigint[])
    as u(market, chain_id, address, venue_type, factory, exchange_name, fee_bps, token0, token1, token_address,
      quote_address, launchpad, is_launchpad, bonding_progress, migrated, graduated_at, creator, reserve0, reserve1,
      liquidity, sqrt_price_x96, tick, price_native, price_quote, liquidity_native, created_at, created_block,
      updated_block)`;
  const inserted = await client.query<{ market: string }>(
    `insert into pools (market, chain_id, address, venue_type, factory, exchange_name, fee_bps, token0, token1,
       token_address, quote_address, launchpad, is_launchpad, bonding_progress, migrated, graduated_at, creator,
       reserve0, reserve1, liquidity, sqrt_price_x96, tick, price_native, price_quote, liquidity_native,
       created_at, created_block, updated_block, updated_at)
     select market, chain_id, address, venue_type, factory, exchange_name, fee_bps, token0, token1,
       token_address, quote_address, launchpad, coalesce(is_launchpad, false), bonding_progress,
       coalesce(migrated, false), graduated_at, creator, reserve0, reserve1, liquidity, sqrt_price_x96, tick,
       price_native, price_quote, liquidity_native, created_at, created_block, updated_block, $29
     from ${src}
     on conflict (market) do nothing
     returning market`,
    params,
  );
  await client.query(
    `update pools p set
       venue_type = u.venue_type,
       factory = coalesce(u.factory, p.factory),
       exchange_name = coalesce(u.exchange_name, p.exchange_name),
       fee_bps = coalesce(u.fee_bps, p.fee_bps),
       token_address = u.token_address,
       quote_address = u.quote_address,
       launchpad = coalesce(u.launchpad, p.launchpad),
       is_launchpad = coalesce(u.is_launchpad, p.is_launchpad),
       bonding_progress = coalesce(u.bonding_progress, p.bonding_progress),
       migrated = coalesce(u.migrated, p.migrated),
       graduated_at = coalesce(u.graduated_at, p.graduated_at),
       creator = coalesce(u.creator, p.creator),
       created_at = coalesce(p.created_at, u.created_at),
       created_block = coalesce(p.created_block, u.created_block),
       ${FORWARD_STATE},
       updated_at = $29
     from ${src}
     where p.market = u.market`,
    params,
  );
  await client.query(
    `insert into pool_snapshots as s (market, chain_id, block, reserve0, reserve1, liquidity, sqrt_price_x96, tick,
       price_native, price_quote, liquidity_native)
     select p.market, p.chain_id, p.updated_block, p.reserve0, p.reserve1, p.liquidity, p.sqrt_price_x96, p.tick,
       p.price_native, p.price_quote, p.liquidity_native
     from pools p where p.market = any($1::text[]) and p.updated_block is not null
     on conflict (market, block) do update set reserve0 = excluded.reserve0, reserve1 = excluded.reserve1,
       liquidity = excluded.liquidity, sqrt_price_x96 = excluded.sqrt_price_x96, tick = excluded.tick,
       price_native = excluded.price_native, price_quote = excluded.price_quote,
       liquidity_native = excluded.liquidity_native`,
    [params[0]],
  );
  return inserted.rows.map((r) => r.market);
}

const BUCKETS = candleBucketsSql("ins");

/**
 * The statement inserting the trades not stored yet (idempotent on market and id) and, in the
 * same statement, feeding only those into their token's copy (`token_trades`), the candle buckets
 * and the pools' last trade time; null without trades. Built from the batch alone, so the writer
 * builds it while the database upserts the batch's pools. Its columns go as joined texts
 * ({@link joinedColumn}): as arrays, pg quoted and escaped every element, about 16 us a trade.
 */
function tradesStatement(trades: readonly TradeRecord[]): { text: string; values: unknown[] } | null {
  if (trades.length === 0) return null;
  const column = (f: (t: TradeRecord) => string | number | bigint | boolean | null) =>
    joinedColumn(trades, f);
  // The ids come back only when some trades were already stored: a batch of new trades is the common case.
  return {
    text: `with ins as (
       insert into trades (market, chain_id, pool_address, id, tx_hash, block, log_index, at, maker, is_buy,
         token_address, quote_address, amount_token, amount_quote, price_native, price_quote, volume_native,
         fees_native, is_wash, preconfirmed, router_program, router_name)
       select chain_id || '/' || pool_address, u.* from unnest(${split(2, "text")}, ${split(3, "text")},
         ${split(4, "text")}, ${split(5, "text")}, ${split(6, "bigint")}, ${split(7, "int")}, ${split(8, "bigint")},
         ${split(9, "text")}, ${split(10, "bool")}, ${split(11, "text")}, ${split(12, "text")}, ${split(13, "numeric")},
         ${split(14, "numeric")}, ${split(15, "numeric")}, ${split(16, "numeric")}, ${split(17, "numeric")},
         ${split(18, "numeric")}, ${split(19, "bool")}, ${split(20, "bool")}, $21::text[], $22::text[])
         as u(chain_id, pool_address, id, tx_hash, block, log_index, at, maker, is_buy, token_address, quote_address,
           amount_token, amount_quote, price_native, price_quote, volume_native, fees_native, is_wash, preconfirmed,
           router_program, router_name)
       on conflict (market, id) do nothing
       returning market, chain_id, pool_address, token_address, quote_address, at, block, log_index, id, maker,
         is_buy, price_native, volume_native, fees_native, is_wash, preconfirmed, tx_hash, amount_token, amount_quote
     ),
     tt as (
       insert into token_trades (token_key, at, block, log_index, id, pool_address, quote_address, maker, is_buy,
         amount_token, amount_quote, price_native, volume_native, fees_native, is_wash, preconfirmed, tx_hash)
       select chain_id || '/' || token_address, at, block, log_index, id, pool_address, quote_address, maker, is_buy,
         amount_token, amount_quote, price_native, volume_native, fees_native, is_wash, preconfirmed, tx_hash
       from ins
     ),
     ${BUCKETS.ctes},
     b as (${BUCKETS.upsert}),
     lt as (
       update pools p set last_trade_at = greatest(p.last_trade_at, m.at)
       from (select market, max(at) as at from ins group by market) m
       where p.market = m.market
       returning 1
     )
     select (select case when count(*) = $1 then null else coalesce(array_agg(id), '{}') end from ins) as ids,
       (select count(*) from b)::int as buckets`,
    values: [
      trades.length,
      column((t) => t.chain),
      column((t) => t.pool),
      column((t) => t.id),
      column((t) => t.txHash),
      column((t) => t.block),
      column((t) => t.logIndex),
      column((t) => t.at),
      column((t) => t.maker),
      column((t) => t.isBuy),
      column((t) => t.tokenAddress),
      column((t) => t.quoteAddress),
      column((t) => t.amountToken),
      column((t) => t.amountQuote),
      column((t) => t.priceNative),
      column((t) => t.priceQuote),
      column((t) => t.volumeNative),
      column((t) => t.feesNative),
      column((t) => t.isWash),
      column((t) => t.preconfirmed),
      // names from registries: sent as arrays, which tell an empty text from no element
      trades.map((t) => t.router?.programId ?? null),
      trades.map((t) => t.router?.name ?? null),
    ],
  };
}

/**
 * Runs {@link tradesStatement}.
 * @returns the ids inserted, or null when every given trade was inserted.
 */
async function insertTrades(
  client: pg.PoolClient,
  statement: { text: string; values: unknown[] } | null,
): Promise<{ ids: Set<string> | null; buckets: number }> {
  if (statement === null) return { ids: null, buckets: 0 };
  const res = await client.query<{ ids: string[] | null; buckets: number }>(statement);
  const row = res.rows[0]!;
  return { ids: row.ids === null ? null : new Set(row.ids), buckets: row.buckets };
}

/** Joins texts that never hold it (JSON escapes control characters; templates use 1 to 3). */
const SEPARATOR = "\u001e";
/** A null in a {@link SEPARATOR}-joined list. */
const NULL_ITEM = "\u001f";

/**
 * One column of rows as one text, split by Postgres (`string_to_array($n, chr(30), chr(31))`):
 * sent as an array, every element would be quoted and escaped by two regular expressions here (a
 * fifth of the wallet rows' writer time) and unescaped there. Only for values that never hold the
 * two control characters and are never empty (addresses, hashes, chain ids, numbers, JSON).
 */
function joinedColumn<R>(rows: readonly R[], f: (r: R) => string | number | bigint | boolean | null): string {
  // joined once from an array: appending builds a rope of two pieces a row, flattened again when sent
  const out: string[] = new Array(rows.length);
  for (let i = 0; i < rows.length; i++) {
    const v = f(rows[i] as R);
    out[i] = v === null ? NULL_ITEM : String(v);
  }
  return out.join(SEPARATOR);
}

/** The SQL of a {@link joinedColumn} parameter as an array of `type`. */
const split = (param: number, type: string): string =>
  `string_to_array($${param}, chr(30), chr(31))::${type}[]`;

/**
 * The statement storing the wallet rows (idempotent on wallet and transaction): one swap per
 * transaction and maker, with its served JSON as a template (`walletSwapTemplate`), one trade
 * event per transaction, maker, token and side ({@link walletTradesOf}). One statement for both
 * tables (a round trip less on the live path); null when there is nothing to store. Built from
 * the batch alone, so the writer builds it while the database inserts the trades.
 */
function walletRowsStatement(
  trades: readonly TradeRecord[],
  swaps: readonly WalletSwapRecord[],
): { text: string; values: unknown[] } | null {
  const statements: string[] = [];
  const params: unknown[] = [];
  if (swaps.length > 0) {
    const rows = uniqueWalletSwaps(swaps);
    const column = (f: (s: WalletSwapRecord) => string | number | bigint | null) => joinedColumn(rows, f);
    statements.push(
      `insert into wallet_swaps (wallet_key, chain_id, wallet, tx_hash, block, seq, at, sent, received, route,
         volume_native, fees_native, router_program, router_name, row_template)
       select chain_id || '/' || wallet, u.* from unnest(${split(1, "text")}, ${split(2, "text")},
         ${split(3, "text")}, ${split(4, "bigint")}, ${split(5, "int")}, ${split(6, "bigint")}, ${split(7, "json")},
         ${split(8, "json")}, ${split(9, "json")}, ${split(10, "numeric")}, ${split(11, "numeric")}, $12::text[],
         $13::text[], ${split(14, "text")})
         as u(chain_id, wallet, tx_hash, block, seq, at, sent, received, route, volume_native, fees_native,
           router_program, router_name, row_template)
       on conflict do nothing`,
    );
    params.push(
      column((s) => s.chain),
      column((s) => s.wallet),
      column((s) => s.txHash),
      column((s) => s.block),
      column((s) => s.seq),
      column((s) => s.at),
      column((s) => walletAssetsJson(s.sent)),
      column((s) => walletAssetsJson(s.received)),
      column((s) => walletRouteJson(s.route)),
      column((s) => s.volumeNative),
      column((s) => s.feesNative),
      rows.map((s) => s.router?.programId ?? null),
      rows.map((s) => s.router?.name ?? null),
      column(walletSwapTemplate),
    );
  }
  const events = walletTradesOf(trades, swaps);
  if (events.length > 0) {
    const column = (f: (e: (typeof events)[number]) => string | number | bigint | boolean | null) =>
      joinedColumn(events, f);
    const n = params.length;
    statements.push(
      `insert into wallet_trades (wallet_key, chain_id, wallet, tx_hash, token_address, is_buy, block, log_index, at,
         amount_token, volume_native, price_native)
       select * from unnest(${split(n + 1, "text")}, ${split(n + 2, "text")}, ${split(n + 3, "text")},
         ${split(n + 4, "text")}, ${split(n + 5, "text")}, ${split(n + 6, "bool")}, ${split(n + 7, "bigint")},
         ${split(n + 8, "int")}, ${split(n + 9, "bigint")}, ${split(n + 10, "numeric")}, ${split(n + 11, "numeric")},
         ${split(n + 12, "numeric")})
       on conflict do nothing`,
    );
    params.push(
      column((e) => e.walletKey),
      column((e) => e.chain),
      column((e) => e.wallet),
      column((e) => e.txHash),
      column((e) => e.tokenAddress),
      column((e) => e.isBuy),
      column((e) => e.block),
      column((e) => e.logIndex),
      column((e) => e.at),
      column((e) => e.amountToken),
      column((e) => e.volumeNative),
      column((e) => e.priceNative),
    );
  }
  if (statements.length === 0) return null;
  // a data-modifying CTE runs to completion whether or not the main statement reads it
  const [first, second] = statements as [string, string?];
  return { text: second === undefined ? first : `with s as (${first}) ${second}`, values: params };
}

/**
 * The markets whose all-time highs this batch may raise: those with new trades (their minutes)
 * and those whose state it stores, each at the batch's latest block in that market.
 */
function athTouches(batch: IngestBatch, inserted: readonly TradeRecord[]): AthTouch[] {
  const out = new Map<string, AthTouch>();
  const fallback = batch.checkpoint?.block ?? null;
  const of = (market: string, block: bigint): AthTouch => {
    let t = out.get(market);
    if (!t) {
      t = { market, fromS: null, toS: null, block };
      out.set(market, t);
    } else if (block > t.block) t.block = block;
    return t;
  };
  for (const tr of inserted) {
    const minute = Math.floor(tr.at / 60_000) * 60;
    const t = of(marketKey(tr.chain, tr.pool), tr.block);
    t.fromS = t.fromS === null ? minute : Math.min(t.fromS, minute);
    t.toS = t.toS === null ? minute : Math.max(t.toS, minute);
  }
  for (const p of batch.pools) {
    const block = p.updatedBlock ?? p.createdBlock ?? fallback;
    if (block !== null && block !== undefined) of(marketKey(p.chain, p.address), block);
  }
  return [...out.values()];
}

/**
 * Writes one ingest batch in ONE transaction: tokens, pools (state and snapshots, and their
 * copies in the token-keyed market lists), native
 * prices, trades (idempotent on market and trade id) and their token-keyed copies, the wallet rows of those trades (keyed by
 * their maker), the trader rollups and the candle buckets of the trades newly
 * inserted (1s, 60s, 3600s, 86400s), their tokens' snapshot rows, the balances of tracked tokens, the markets' liquidity lows in
 * their token's first week, the unfinalized blocks and the chain checkpoint. Writing
 * the same batch twice changes nothing the second time. Chain-agnostic (see IngestBatch).
 * @returns the ids of the trades inserted by this call and the bucket rows touched.
 */
export async function writeBatch(pool: pg.Pool, batch: IngestBatch): Promise<WriteBatchResult> {
  const now = Date.now();
  const client = await pool.connect();
  try {
    // the bucket aggregation sorts a few rows per trade; keep that sort in memory (one round trip:
    // a text without parameters may hold several statements)
    await client.query("begin; set local work_mem = '64MB'");
    await upsertTokens(client, batch.tokens, now);
    const stored = await readPoolTokens(
      client,
      batch.pools.map((p) => marketKey(p.chain, p.address)),
    );
    const upsertingPools = upsertPools(client, batch.pools, now);
    // a throw below must not leave this rejection unobserved; the await still sees it
    upsertingPools.catch(() => {});
    // built while the database upserts the pools (the statement is on its way)
    const trades = mergeByKey(batch.trades, (t) => `${marketKey(t.chain, t.pool)}|${t.id}`);
    const tradeRows = tradesStatement(trades);
    const newMarkets = await upsertingPools;
    const prices = batch.nativePrices ?? [];
    if (prices.length > 0) {
      await client.query(
        `insert into native_prices (chain_id, minute, price_usd, source)
         select $1, minute, price_usd, source from unnest($2::bigint[], $3::numeric[], $4::text[]) as u(minute, price_usd, source)
         on conflict (chain_id, minute) do update set price_usd = excluded.price_usd, source = excluded.source`,
        [
          batch.chain,
          prices.map((p) => p.minute),
          prices.map((p) => p.priceUsd),
          prices.map((p) => p.source),
        ],
      );
    }
    const insertingTrades = insertTrades(client, tradeRows);
    // a throw below must not leave this rejection unobserved; the await still sees it
    insertingTrades.catch(() => {});
    // built while the database inserts the trades (the statement is on its way)
    const walletRows = walletRowsStatement(trades, batch.walletSwaps ?? []);
    const { ids, buckets } = await insertingTrades;
    const inserted = ids === null ? trades : trades.filter((t) => ids.has(t.id));
    await insertTraderBuckets(client, inserted);
    await raisePoolAllTimeHighs(client, athTouches(batch, inserted));
    // The token-keyed market lists copy every pool row this batch changed (state, last trade, highs).
    const moved = batch.pools.flatMap((p) => {
      const market = marketKey(p.chain, p.address);
      const was = stored.get(market);
      return was !== undefined && was !== marketKey(p.chain, p.tokenAddress)
        ? [{ market, tokenKey: was }]
        : [];
    });
    await dropTokenMarkets(client, moved);
    await copyTokenMarkets(client, [
      ...batch.pools.map((p) => marketKey(p.chain, p.address)),
      ...inserted.map((t) => marketKey(t.chain, t.pool)),
    ]);
    // a market that changed token moves its trades from one token's row to the other's
    const movedTokens = moved.flatMap((m) => {
      const p = batch.pools.find((x) => marketKey(x.chain, x.address) === m.market)!;
      return [m.tokenKey, marketKey(p.chain, p.tokenAddress)];
    });
    await updateTokenSnapshots(client, inserted, movedTokens, now);
    if (walletRows) await client.query(walletRows);
    await writeTokenBalances(client, batch.chain, batch.balances, now);
    await keepEarliestFundings(client, batch.walletFundings ?? []);
    await refreshBestPools(
      client,
      batch.pools.map((p) => ({ chain: p.chain, token: p.tokenAddress })),
    );
    await recordLiquidityLows(client, batch.chain, batch.pools);
    // the verdicts of the tokens whose markets, best pool or row this batch wrote (a token row
    // written after its markets starts from the default)
    await refreshDeployerVerdicts(client, [
      ...batch.pools.map((p) => ({ chain: p.chain, token: p.tokenAddress })),
      ...moved.map((m) => {
        const cut = m.tokenKey.lastIndexOf("/");
        return { chain: m.tokenKey.slice(0, cut), token: m.tokenKey.slice(cut + 1) };
      }),
      ...batch.tokens.map((t) => ({ chain: t.chain, token: t.address })),
    ]);
    await writeBlocksAndCheckpoint(
      client,
      batch.chain,
      mergeByKey(batch.blocks, (b) => b.number.toString()),
      batch.checkpoint,
      now,
    );
    await client.query("commit");
    return {
      insertedTradeIds: inserted.map((t) => t.id),
      bucketsTouched: buckets,
      newMarkets,
    };
  } catch (err) {
    await client.query("rollback").catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}
