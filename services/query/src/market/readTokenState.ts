import { type ChainId, marketKey, type SnapshotTrade, type TokenWindowState } from "@tapeline/core";
import type { MarketDb } from "./MarketDb.ts";
import { NATIVE_ADDRESSES, type PoolRow, poolRowSql, toPoolRow } from "./readPoolRows.ts";
import { type TokenFacts, tokenFactsSql, toTokenFacts } from "./readTokenFacts.ts";

/** Everything a token snapshot reads from the store, in one statement. */
export type TokenState = {
  facts: TokenFacts | null;
  /** the token's markets in pricing order */
  pools: PoolRow[];
  /** the chain's native/USD rate at `nowMs` (its latest stored minute), null when none */
  spotUsd: number | null;
  /** the writer's window state of the token, null when it has no snapshot row */
  window: TokenWindowState | null;
};

/**
 * Reads a token's row and symbol rank, its market list (pricing order, as
 * `readTokenPoolRowsByToken`), the chain's spot rate and the token's snapshot row in one
 * statement: `token_snapshots` and `token_markets` by the token's key (co-located, so on Citus
 * one shard's router query), the rest from reference tables.
 */
export async function readTokenState(
  db: MarketDb,
  chain: ChainId,
  address: string,
  nowMs: number,
): Promise<TokenState> {
  const { rows } = await db.query(
    `select f.*, sp.usd, s.window_state, tm.pools
     from (select 1) one
     left join lateral (select true as found, k.* from (${tokenFactsSql("$2", "$3")}) k) f on true
     left join lateral (select np.price_usd::text as usd from native_prices np
                        where np.chain_id = $2 and np.minute <= $4 and np.minute >= 0
                        order by np.minute desc limit 1) sp on true
     left join token_snapshots s on s.token_key = $1
     left join lateral (
       select json_agg(x order by x.liquidity_native::numeric desc nulls last, x.last_trade_at desc nulls last,
                         x.created_at asc nulls last, x.address) as pools
       from (${poolRowSql("token_markets", true, "$5")}
             where p.token_key = $1) x
     ) tm on true`,
    [marketKey(chain, address), chain, address, Math.floor(nowMs), NATIVE_ADDRESSES],
  );
  const r = rows[0] ?? {};
  return {
    facts: r.found ? toTokenFacts(r) : null,
    pools: (r.pools ?? []).map(toPoolRow),
    spotUsd: r.usd == null ? null : Number(r.usd),
    window: r.window_state ?? null,
  };
}

/**
 * The stored trades of `market` in the given minutes (ms; a window has two edges, so one or two),
 * for the minutes a window's edge cuts through: index ranges of the market's trades (one shard on Citus).
 */
export async function readEdgeTrades(
  db: MarketDb,
  market: string,
  minutes: readonly number[],
): Promise<Map<number, SnapshotTrade[]>> {
  const out = new Map<number, SnapshotTrade[]>(minutes.map((m) => [m, []]));
  if (minutes.length === 0) return out;
  const { rows } = await db.query<{
    at: string;
    block: string;
    log_index: number;
    is_buy: boolean;
    volume_native: string | null;
    price_native: string | null;
  }>(
    `select t.at, t.block, t.log_index, t.is_buy, t.volume_native, t.price_native from trades t
     where t.market = $1 and ((t.at >= $2::bigint and t.at < $2::bigint + 60000)
                           or (t.at >= $3::bigint and t.at < $3::bigint + 60000))`,
    [market, minutes[0], minutes.at(-1)],
  );
  for (const r of rows) {
    const at = Number(r.at);
    out.get(Math.floor(at / 60_000) * 60_000)?.push({
      market,
      at,
      block: Number(r.block),
      logIndex: r.log_index,
      isBuy: r.is_buy,
      volumeNative: r.volume_native,
      priceNative: r.price_native,
    });
  }
  return out;
}

/**
 * The native/USD rate of each minute (ms) as the windowed figures value Solana volume: the
 * latest stored minute at or before it (exact text), null when none.
 */
export async function readMinuteRates(
  db: MarketDb,
  chain: ChainId,
  minutes: readonly number[],
): Promise<Map<number, string | null>> {
  if (minutes.length === 0) return new Map();
  const { rows } = await db.query<{ minute: string; usd: string | null }>(
    `select m.minute, (select np.price_usd::text from native_prices np where np.chain_id = $1 and np.minute <= m.minute
                       order by np.minute desc limit 1) as usd
     from unnest($2::bigint[]) as m(minute)`,
    [chain, minutes],
  );
  return new Map(rows.map((r) => [Number(r.minute), r.usd]));
}
