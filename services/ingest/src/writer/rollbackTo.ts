import type { ChainId } from "@tapeline/core";
import type pg from "pg";
import { candleBucketsSql } from "./candleBucketsSql.ts";
import { rewindCheckpoint } from "./checkpoint.ts";
import { refreshDeployerVerdicts } from "./deployerVerdicts.ts";
import type { RollbackResult } from "./IngestBatch.ts";
import { rollBackLiquidityLows } from "./liquidityLows.ts";
import { rollBackPoolAllTimeHighs } from "./poolAllTimeHighs.ts";
import { refreshBestPools } from "./refreshBestPools.ts";
import { rollBackTokenBalances } from "./tokenBalances.ts";
import { copyTokenMarkets, dropTokenMarkets } from "./tokenMarkets.ts";
import { rebuildTokenSnapshots } from "./tokenSnapshots.ts";
import { TRADER_TOTALS_REBUILD, TRADER_TOTALS_RECOUNT, traderBucketsSql } from "./traderBucketsSql.ts";
import { lockTraderWindows, rebuildTraderWindows } from "./traderWindows.ts";

// Rebuild only the buckets at or after the one holding the market's earliest removed trade.
const REBUILD = candleBucketsSql(
  `(select t.* from trades t join rb_aff a on a.market = t.market
    where t.at >= (a.min_at / 86400000) * 86400000)`,
  `b.bucket_start >= (select (a.min_at / 1000 / b.resolution_s) * b.resolution_s from rb_aff a where a.market = b.market)`,
);

// Trader rollups the same way: the removed trades' buckets, rebuilt from the trades that remain.
const REBUILD_TRADERS = traderBucketsSql(
  `(select t.* from trades t join rb_aff a on a.market = t.market
    where t.at >= (a.min_at / 86400000) * 86400000)`,
  `r.bucket_start >= (select (a.min_at / (r.resolution_s * 1000)) * (r.resolution_s * 1000) from rb_aff a where a.market = r.market)`,
);

/**
 * Undoes everything blocks after `ancestorBlock` wrote on `chain`, in ONE transaction: deletes
 * their trades (and the trades' token-keyed copies) and wallet rows, rebuilds the candle buckets
 * and trader rollups those trades fed from the trades that remain (and the lifetime and sliding
 * window rows of the trades' wallets from those rollups),
 * restores each touched pool's state from its last snapshot at or before the ancestor (pools
 * first seen after it and left without trades are removed) and its copy in its token's market list, recomputes last trade times,
 * best pools, all-time highs, deployer verdicts and the affected tokens' snapshot rows, restores the balances of tracked tokens, drops the liquidity lows of
 * the removed blocks, forgets the orphaned blocks and moves the checkpoint back to the ancestor.
 * @returns the markets touched, how many trades were removed and, per touched market, the ids
 *   of its removed trades in tape order.
 */
export async function rollbackTo(
  pool: pg.Pool,
  chain: ChainId,
  ancestorBlock: bigint,
): Promise<RollbackResult> {
  const anc = ancestorBlock.toString();
  const client = await pool.connect();
  try {
    await client.query("begin");
    await client.query(`create temp table rb_aff (market text primary key, min_at bigint) on commit drop`);
    const makers = await client.query<{ wallet_key: string }>(
      "select distinct chain_id || '/' || maker as wallet_key from trades where chain_id = $1 and block > $2",
      [chain, anc],
    );
    const wallets = makers.rows.map((r) => r.wallet_key);
    const del = await client.query<{
      market: string;
      id: string;
      maker: string;
      token_key: string;
      at: string;
    }>(
      `with d as (delete from trades where chain_id = $1 and block > $2
                  returning market, id, at, block, log_index, maker, chain_id || '/' || token_address as token_key),
       ins as (insert into rb_aff select market, min(at) from d group by market returning 1)
       select market, id, maker, token_key, at from d order by market, at, block, log_index, id`,
      [chain, anc],
    );
    const tradesDeleted = del.rows.length;
    if (tradesDeleted > 0) {
      // The token-keyed copies of exactly those trades: their tokens' rows of the removed blocks,
      // found in the tape index from the earliest removed trade on.
      await client.query(
        "delete from token_trades where token_key = any($1::text[]) and at >= $2 and block > $3",
        [
          [...new Set(del.rows.map((r) => r.token_key))],
          del.rows.reduce((m, r) => (Number(r.at) < m ? Number(r.at) : m), Number.POSITIVE_INFINITY),
          anc,
        ],
      );
    }
    await client.query("analyze rb_aff");
    await client.query(
      `delete from candle_buckets c using rb_aff a
       where c.market = a.market and c.bucket_start >= (a.min_at / 1000 / c.resolution_s) * c.resolution_s`,
    );
    await client.query(`with ${REBUILD.ctes} ${REBUILD.upsert}`);
    await client.query(
      `delete from trader_buckets b using rb_aff a
       where b.market = a.market and b.bucket_start >= (a.min_at / (b.resolution_s * 1000)) * (b.resolution_s * 1000)`,
    );
    await client.query(`with ${REBUILD_TRADERS.ctes} ${REBUILD_TRADERS.upsert}`);
    // the removed trades' wallets' lifetime rows, from their rebuilt day buckets
    const traders = [...new Set(del.rows.map((r) => `${r.market}\n${r.maker}`))].map((k) => k.split("\n"));
    const pairs = { markets: traders.map((t) => t[0]!), wallets: traders.map((t) => t[1]!) };
    for (const sql of TRADER_TOTALS_REBUILD) await client.query(sql, [pairs.markets, pairs.wallets]);
    for (const sql of TRADER_TOTALS_RECOUNT) await client.query(sql, [[...new Set(pairs.markets)]]);
    // and their sliding window rows, from the rebuilt buckets of each window
    for (const mark of traders.length > 0 ? await lockTraderWindows(client, "shared") : []) {
      await rebuildTraderWindows(client, mark.timeframe, mark.startMs, pairs);
    }

    // Pool state: the markets whose state changed after the ancestor get their last earlier snapshot.
    const touched = await client.query<{ market: string }>(
      `select distinct market from pool_snapshots where chain_id = $1 and block > $2
       union select market from pools where chain_id = $1 and (created_block > $2 or updated_block > $2)
       union select market from rb_aff`,
      [chain, anc],
    );
    const markets = touched.rows.map((r) => r.market);
    const touchedPools = await client.query<{ market: string; address: string; token_address: string }>(
      "select market, address, token_address from pools where market = any($1::text[])",
      [markets],
    );
    const tokens = [...new Set(touchedPools.rows.map((r) => r.token_address))];
    await client.query("delete from pool_snapshots where chain_id = $1 and block > $2", [chain, anc]);
    await client.query(
      `update pools p set
         reserve0 = s.reserve0, reserve1 = s.reserve1, liquidity = s.liquidity, sqrt_price_x96 = s.sqrt_price_x96,
         tick = s.tick, price_native = s.price_native, price_quote = s.price_quote,
         liquidity_native = s.liquidity_native, updated_block = s.block, updated_at = $3
       from (select p2.market as pool_market, last.* from pools p2
             left join lateral (select ps.block, ps.reserve0, ps.reserve1, ps.liquidity, ps.sqrt_price_x96, ps.tick,
                                  ps.price_native, ps.price_quote, ps.liquidity_native
                                from pool_snapshots ps where ps.market = p2.market and ps.block <= $2
                                order by ps.block desc limit 1) last on true
             where p2.chain_id = $1 and p2.updated_block > $2) s
       where p.market = s.pool_market`,
      [chain, anc, Date.now()],
    );
    const athMarkets = await rollBackPoolAllTimeHighs(client, chain, anc);
    const gone = await client.query<{ market: string; token_key: string }>(
      `delete from pools p where p.chain_id = $1 and p.created_block > $2
       and not exists (select 1 from trades t where t.market = p.market)
       returning p.market, p.chain_id || '/' || p.token_address as token_key`,
      [chain, anc],
    );
    await client.query("delete from pool_ath_marks where market = any($1::text[])", [
      gone.rows.map((r) => r.market),
    ]);
    await client.query(
      `update pools p set last_trade_at = (select max(t.at) from trades t where t.market = p.market)
       where p.market = any($1::text[])`,
      [markets],
    );
    // The token-keyed market lists: the removed markets leave them, the restored rows are copied.
    await dropTokenMarkets(
      client,
      gone.rows.map((r) => ({ market: r.market, tokenKey: r.token_key })),
    );
    await copyTokenMarkets(client, [...markets, ...athMarkets]);
    await refreshBestPools(
      client,
      tokens.map((token) => ({ chain, token })),
    );
    // the affected tokens' snapshot rows, from the trades that remain
    await rebuildTokenSnapshots(
      client,
      [...tokens.map((token) => `${chain}/${token}`), ...gone.rows.map((r) => r.token_key)],
      Date.now(),
    );
    // Wallet rows are found by the wallets (the makers) of the removed trades: every wallet row
    // comes from a trade of its wallet in the same batch.
    const walletSwaps = await client.query(
      "delete from wallet_swaps where wallet_key = any($1::text[]) and block > $2",
      [wallets, anc],
    );
    const walletTrades = await client.query(
      "delete from wallet_trades where wallet_key = any($1::text[]) and block > $2",
      [wallets, anc],
    );
    const balanceChangesDeleted = await rollBackTokenBalances(client, chain, anc);
    const lowTokens = await rollBackLiquidityLows(client, chain, anc);
    // the verdicts of the tokens whose markets, best pool or lows changed back
    await refreshDeployerVerdicts(
      client,
      [...tokens, ...gone.rows.map((r) => r.token_key.slice(chain.length + 1)), ...lowTokens].map(
        (token) => ({
          chain,
          token,
        }),
      ),
    );
    // a removed funding was its wallet's earliest: the re-ingested blocks write it again
    await client.query("delete from wallet_funding where chain_id = $1 and block > $2", [chain, anc]);
    await client.query("delete from ingest_blocks where chain_id = $1 and number > $2", [chain, anc]);
    await rewindCheckpoint(client, chain, anc, Date.now());
    await client.query("commit");
    const walletRowsDeleted = (walletSwaps.rowCount ?? 0) + (walletTrades.rowCount ?? 0);
    const orphanedIds = new Map<string, string[]>();
    for (const r of del.rows) {
      const ids = orphanedIds.get(r.market);
      if (ids) ids.push(r.id);
      else orphanedIds.set(r.market, [r.id]);
    }
    const orphaned = touchedPools.rows.map((p) => ({
      market: p.market,
      pool: p.address,
      token: p.token_address,
      tradeIds: orphanedIds.get(p.market) ?? [],
    }));
    return {
      chain,
      ancestorBlock,
      tradesDeleted,
      walletRowsDeleted,
      balanceChangesDeleted,
      markets,
      orphaned,
    };
  } catch (err) {
    await client.query("rollback").catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}
