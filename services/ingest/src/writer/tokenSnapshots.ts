import {
  addSnapshotTrades,
  marketKey,
  type PricedKey,
  type SnapshotTrade,
  STATE_SPAN_MS,
  type TokenWindowState,
  type TradeRecord,
} from "@tapeline/core";
import type pg from "pg";
import { ATH_CLAMP_BAND, ATH_CLAMP_MAX_TRADES } from "./poolAllTimeHighs.ts";

/**
 * SQL of one market's served price all-time high (market `$k`): the high ingest keeps over its
 * closed candles raised by its newest, still forming 1-minute candle, wick-clamped as the served
 * candles are (the query service's `readPriceAth` reads the same). Every table is filtered on the
 * market, so on Citus each such branch runs on the market's shard.
 */
const servedAthSql = (
  k: string,
) => `(select ${k}::text as market, greatest(p.price_native_ath, f.high)::text as ath
  from pools p
  left join lateral (
    select case when c.trades between 1 and ${ATH_CLAMP_MAX_TRADES}
                then least(c.high, greatest(coalesce(prev.close, c.open), c.close) * ${1 + ATH_CLAMP_BAND})
                else c.high end as high
    from candle_buckets c
    left join lateral (select pc.close from candle_buckets pc
                       where pc.market = ${k} and pc.resolution_s = 60 and pc.bucket_start < c.bucket_start
                       order by pc.bucket_start desc limit 1) prev on true
    where c.market = ${k} and c.resolution_s = 60
    order by c.bucket_start desc limit 1) f on true
  where p.market = ${k})`;

/** Markets per statement of per-market branches, so no statement grows without bound. */
const BRANCHES = 100;

/** The served price all-time high of each market (null when it has none). */
async function readServedAths(
  client: pg.PoolClient,
  markets: readonly string[],
): Promise<Map<string, string | null>> {
  const out = new Map<string, string | null>(markets.map((m) => [m, null]));
  for (let i = 0; i < markets.length; i += BRANCHES) {
    const chunk = markets.slice(i, i + BRANCHES);
    const { rows } = await client.query<{ market: string; ath: string | null }>(
      chunk.map((_, k) => servedAthSql(`$${k + 1}`)).join(" union all "),
      chunk,
    );
    for (const r of rows) out.set(r.market, r.ath);
  }
  return out;
}

/** The last priced trade of each market before its given time (ms). */
async function readLastPricedBefore(
  client: pg.PoolClient,
  markets: readonly { market: string; before: number }[],
): Promise<Map<string, PricedKey>> {
  const out = new Map<string, PricedKey>();
  for (let i = 0; i < markets.length; i += BRANCHES) {
    const chunk = markets.slice(i, i + BRANCHES);
    const { rows } = await client.query<{
      market: string;
      at: string;
      block: string;
      log_index: number;
      price_native: string;
    }>(
      chunk
        .map(
          (_, k) => `(select t.market, t.at, t.block, t.log_index, t.price_native from trades t
             where t.market = $${2 * k + 1} and t.at < $${2 * k + 2}::bigint and t.price_native is not null
             order by t.at desc, t.block desc, t.log_index desc limit 1)`,
        )
        .join(" union all "),
      chunk.flatMap((m) => [m.market, m.before]),
    );
    for (const r of rows) out.set(r.market, [Number(r.at), Number(r.block), r.log_index, r.price_native]);
  }
  return out;
}

/**
 * The window state of each token built from its markets' stored trades (the last day and a
 * minute before its newest trade, the last priced trade before that) and their served highs.
 * Tokens with no market are absent.
 */
async function buildStates(
  client: pg.PoolClient,
  tokenKeys: readonly string[],
  /** markets traded by each token whose pool rows may not be stored yet, with their latest trade */
  traded: ReadonlyMap<string, ReadonlyMap<string, number>> = new Map(),
): Promise<Map<string, TokenWindowState>> {
  const { rows: listed } = await client.query<{
    token_key: string;
    market: string;
    last_trade_at: string | null;
  }>("select token_key, market, last_trade_at from token_markets where token_key = any($1::text[])", [
    tokenKeys,
  ]);
  const byToken = new Map<string, { market: string; lastTradeAt: number | null }[]>();
  for (const r of listed) {
    const list = byToken.get(r.token_key) ?? [];
    list.push({ market: r.market, lastTradeAt: r.last_trade_at === null ? null : Number(r.last_trade_at) });
    byToken.set(r.token_key, list);
  }
  for (const [key, markets] of traded) {
    const list = byToken.get(key) ?? [];
    for (const [market, at] of markets) {
      const held = list.find((m) => m.market === market);
      if (!held) list.push({ market, lastTradeAt: at });
      else if (held.lastTradeAt === null || held.lastTradeAt < at) held.lastTradeAt = at;
    }
    byToken.set(key, list);
  }
  const fromOf = new Map<string, number>();
  for (const [key, list] of byToken) {
    const newest = Math.max(0, ...list.map((m) => m.lastTradeAt ?? 0));
    fromOf.set(key, Math.max(0, Math.floor(newest / 60_000) * 60_000 - STATE_SPAN_MS));
  }
  const markets = [...byToken].flatMap(([key, list]) =>
    list.map((m) => ({ key, market: m.market, before: fromOf.get(key)! })),
  );
  if (markets.length === 0) return new Map();
  const { rows: recent } = await client.query<{
    market: string;
    at: string;
    block: string;
    log_index: number;
    is_buy: boolean;
    volume_native: string | null;
    price_native: string | null;
  }>(
    `select market, at, block, log_index, is_buy, volume_native, price_native from trades
     where market = any($1::text[]) and at >= $2::bigint`,
    [markets.map((m) => m.market), Math.min(...markets.map((m) => m.before))],
  );
  const [bases, aths] = await Promise.all([
    readLastPricedBefore(
      client,
      markets.filter((m) => m.before > 0),
    ),
    readServedAths(
      client,
      markets.map((m) => m.market),
    ),
  ]);
  const tokenOf = new Map(markets.map((m) => [m.market, m.key]));
  const tradesOf = new Map<string, SnapshotTrade[]>();
  for (const r of recent) {
    const key = tokenOf.get(r.market)!;
    if (Number(r.at) < fromOf.get(key)!) continue;
    const list = tradesOf.get(key) ?? [];
    list.push({
      market: r.market,
      at: Number(r.at),
      block: Number(r.block),
      logIndex: r.log_index,
      isBuy: r.is_buy,
      volumeNative: r.volume_native,
      priceNative: r.price_native,
    });
    tradesOf.set(key, list);
  }
  const out = new Map<string, TokenWindowState>();
  for (const [key, list] of byToken) {
    const start: TokenWindowState = {
      from: fromOf.get(key)!,
      m: Object.fromEntries(list.map((m) => [m.market, { a: null, p: bases.get(m.market) ?? null, b: [] }])),
    };
    const ath = new Map(list.map((m) => [m.market, aths.get(m.market) ?? null]));
    out.set(key, addSnapshotTrades(start, tradesOf.get(key) ?? [], ath));
  }
  return out;
}

async function storeStates(
  client: pg.PoolClient,
  states: ReadonlyMap<string, TokenWindowState>,
  now: number,
): Promise<void> {
  if (states.size === 0) return;
  const keys = [...states.keys()];
  await client.query(
    `insert into token_snapshots (token_key, chain_id, address, window_state, updated_at)
     select u.token_key, split_part(u.token_key, '/', 1), substr(u.token_key, strpos(u.token_key, '/') + 1),
            u.window_state, $3
     from unnest($1::text[], $2::jsonb[]) as u(token_key, window_state)
     on conflict (token_key) do update set window_state = excluded.window_state, updated_at = excluded.updated_at`,
    [keys, keys.map((k) => JSON.stringify(states.get(k))), now],
  );
}

/**
 * Keeps the snapshot rows of the tokens of `inserted` (the trades this write stored, after
 * their markets' rows and highs were copied to the token-keyed lists; each counts for its
 * market's current token): each stored row takes the new trades into its minute buckets and its
 * markets' new served highs; a token without a row yet, or in `moved`, gets one built from its
 * markets' stored trades.
 */
export async function updateTokenSnapshots(
  client: pg.PoolClient,
  inserted: readonly TradeRecord[],
  /** tokens whose market list gained or lost a market that had traded: rebuilt whole */
  moved: readonly string[],
  now: number,
): Promise<void> {
  if (inserted.length === 0 && moved.length === 0) return;
  // A market's trades count for its current token, as the read finds them (by market).
  const markets = [...new Set(inserted.map((t) => marketKey(t.chain, t.pool)))];
  const { rows: owners } = await client.query<{ market: string; token_key: string }>(
    "select market, chain_id || '/' || token_address as token_key from pools where market = any($1::text[])",
    [markets],
  );
  const ownerOf = new Map(owners.map((r) => [r.market, r.token_key]));
  const rebuilt = new Set(moved);
  const byToken = new Map<string, SnapshotTrade[]>();
  for (const t of inserted) {
    const market = marketKey(t.chain, t.pool);
    const key = ownerOf.get(market) ?? marketKey(t.chain, t.tokenAddress);
    const list = byToken.get(key) ?? [];
    list.push({
      market,
      at: t.at,
      block: Number(t.block),
      logIndex: t.logIndex,
      isBuy: t.isBuy,
      volumeNative: t.volumeNative,
      priceNative: t.priceNative,
    });
    byToken.set(key, list);
  }
  for (const key of rebuilt) if (!byToken.has(key)) byToken.set(key, []);
  const { rows } = await client.query<{ token_key: string; window_state: TokenWindowState }>(
    "select token_key, window_state from token_snapshots where token_key = any($1::text[])",
    [[...byToken.keys()]],
  );
  const stored = new Map(
    rows.filter((r) => !rebuilt.has(r.token_key)).map((r) => [r.token_key, r.window_state]),
  );
  const traded = [...byToken].filter(([k]) => stored.has(k)).flatMap(([, ts]) => ts.map((t) => t.market));
  const aths = await readServedAths(client, [...new Set(traded)]);
  const states = new Map<string, TokenWindowState>();
  for (const [key, trades] of byToken) {
    const state = stored.get(key);
    if (!state) continue;
    const ath = new Map(trades.map((t) => [t.market, aths.get(t.market) ?? null]));
    states.set(key, addSnapshotTrades(state, trades, ath));
  }
  const fresh = [...byToken].filter(([k]) => !stored.has(k));
  const built = await buildStates(
    client,
    fresh.map(([k]) => k),
    new Map(
      fresh.map(([k, ts]) => {
        const latest = new Map<string, number>();
        for (const t of ts) latest.set(t.market, Math.max(latest.get(t.market) ?? t.at, t.at));
        return [k, latest];
      }),
    ),
  );
  for (const [key, state] of built) states.set(key, state);
  await storeStates(client, states, now);
}

/**
 * Rebuilds the snapshot rows of the given tokens from the trades and highs that remain (a
 * rollback's affected tokens, after their market lists were restored); a token left without a
 * market loses its row.
 */
export async function rebuildTokenSnapshots(
  client: pg.PoolClient,
  tokenKeys: readonly string[],
  now: number,
): Promise<void> {
  if (tokenKeys.length === 0) return;
  const keys = [...new Set(tokenKeys)];
  const states = await buildStates(client, keys);
  await client.query("delete from token_snapshots where token_key = any($1::text[])", [
    keys.filter((k) => !states.has(k)),
  ]);
  await storeStates(client, states, now);
}
