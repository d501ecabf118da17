import { ABANDON_WINDOW_MS, type ChainId, marketKey, type PoolRecord, RUG_WINDOW_MS } from "@tapeline/core";
import type pg from "pg";

/** How long after its token's deploy a market's liquidity is kept: the longest verdict window. */
export const LIQUIDITY_LOW_WINDOW_MS = ABANDON_WINDOW_MS;
/** A native/USD minute older than this before an observation does not value it (unknown). */
const RATE_MAX_AGE_MS = 3_600_000;

/** One market's state as a batch leaves it, valued in USD. */
export type LiquidityObservation = {
  tokenKey: string;
  market: string;
  block: bigint;
  at: number;
  deployAt: number;
  liquidityNative: string;
  liquidityUsd: number;
};

/**
 * Whether an observation is a new row of its market's running minimum (migration 0105): inside
 * the token's first week, and either the market's first with liquidity or below every earlier row.
 * @example isNewLow({ at: 10, deployAt: 0, liquidityNative: "1", liquidityUsd: 50 }, 80) // true
 */
export function isNewLow(
  o: Pick<LiquidityObservation, "at" | "deployAt" | "liquidityNative" | "liquidityUsd">,
  priorMinUsd: number | null,
): boolean {
  if (o.at > o.deployAt + LIQUIDITY_LOW_WINDOW_MS) return false;
  if (priorMinUsd === null) return Number(o.liquidityNative) > 0;
  return o.liquidityUsd < priorMinUsd;
}

/**
 * Keeps the liquidity lows of the markets a batch stored (inside the writer's transaction, after
 * the pools, their token-keyed copies, the tokens and the batch's native prices were written).
 * Each market with a known native liquidity and state time is valued at the chain's native/USD
 * rate of that time; a market whose token's deploy time is unknown (no token creation time and
 * no market creation time), or with no rate within an hour, is not judged (unknown, never
 * guessed). Reads by token key and market (Citus: the rows' shards) and writes two statements.
 */
export async function recordLiquidityLows(
  client: pg.PoolClient,
  chain: ChainId,
  pools: readonly PoolRecord[],
): Promise<void> {
  const seen = new Map<string, PoolRecord>();
  for (const p of pools) {
    if (p.liquidityNative == null || p.updatedBlock == null || p.updatedAt == null) continue;
    const key = marketKey(p.chain, p.address);
    const prev = seen.get(key);
    if (!prev || p.updatedBlock >= prev.updatedBlock!) seen.set(key, p);
  }
  if (seen.size === 0) return;
  const obs = [...seen.entries()].map(([market, p]) => ({
    market,
    tokenKey: `${p.chain}/${p.tokenAddress}`,
    token: p.tokenAddress,
    block: p.updatedBlock!,
    at: p.updatedAt!,
    liquidityNative: p.liquidityNative!,
  }));
  const tokenKeys = [...new Set(obs.map((o) => o.tokenKey))];
  const deploys = await client.query<{ address: string; created_at: string | null }>(
    "select address, created_at::text from tokens where chain_id = $1 and address = any($2::text[])",
    [chain, [...new Set(obs.map((o) => o.token))]],
  );
  const earliest = await client.query<{ token_key: string; created_at: string | null }>(
    `select token_key, min(created_at)::text as created_at from token_markets
     where token_key = any($1::text[]) group by token_key`,
    [tokenKeys],
  );
  const rates = await client.query<{ usd: string | null }>(
    `select (select np.price_usd from native_prices np
              where np.chain_id = $1 and np.minute <= x.at and np.minute >= x.at - $3::bigint
              order by np.minute desc limit 1)::text as usd
     from unnest($2::bigint[]) with ordinality as x(at, i) order by x.i`,
    [chain, obs.map((o) => o.at), RATE_MAX_AGE_MS],
  );
  const lows = await client.query<{ market: string; low: string }>(
    `select market, min(liquidity_usd)::text as low from token_liquidity_lows
     where token_key = any($1::text[]) and market = any($2::text[]) group by market`,
    [tokenKeys, obs.map((o) => o.market)],
  );
  const tokenDeploy = new Map(deploys.rows.map((r) => [r.address, r.created_at]));
  const marketDeploy = new Map(earliest.rows.map((r) => [r.token_key, r.created_at]));
  const prior = new Map(lows.rows.map((r) => [r.market, Number(r.low)]));
  const rows: LiquidityObservation[] = [];
  obs.forEach((o, i) => {
    const deploy = tokenDeploy.get(o.token) ?? marketDeploy.get(o.tokenKey) ?? null;
    const rate = rates.rows[i]?.usd ?? null;
    if (deploy === null || rate === null) return;
    const row = {
      tokenKey: o.tokenKey,
      market: o.market,
      block: o.block,
      at: o.at,
      deployAt: Number(deploy),
      liquidityNative: o.liquidityNative,
      liquidityUsd: Number(o.liquidityNative) * Number(rate),
    };
    if (isNewLow(row, prior.get(o.market) ?? null)) rows.push(row);
  });
  if (rows.length === 0) return;
  await client.query(
    `insert into token_liquidity_lows (token_key, market, chain_id, block, at, deploy_at, liquidity_native,
       liquidity_usd)
     select u.token_key, u.market, $1, u.block, u.at, u.deploy_at, u.liquidity_native, u.liquidity_usd
     from unnest($2::text[], $3::text[], $4::bigint[], $5::bigint[], $6::bigint[], $7::numeric[], $8::numeric[])
       as u(token_key, market, block, at, deploy_at, liquidity_native, liquidity_usd)
     on conflict (token_key, market, block) do update set
       liquidity_native = excluded.liquidity_native, liquidity_usd = excluded.liquidity_usd`,
    [
      chain,
      rows.map((r) => r.tokenKey),
      rows.map((r) => r.market),
      rows.map((r) => r.block.toString()),
      rows.map((r) => r.at),
      rows.map((r) => r.deployAt),
      rows.map((r) => r.liquidityNative),
      rows.map((r) => r.liquidityUsd.toString()),
    ],
  );
  // the market's summary on its row in the token's market list (migration 0106); rows hold each market once
  await client.query(
    `update token_markets m set
       liquidity_week_low_usd = least(m.liquidity_week_low_usd, u.usd),
       liquidity_day_low_usd = case when u.at <= u.deploy_at + ${RUG_WINDOW_MS}
                                    then least(m.liquidity_day_low_usd, u.usd) else m.liquidity_day_low_usd end
     from (select * from unnest($1::text[], $2::text[], $3::float8[], $4::bigint[], $5::bigint[])
             as x(token_key, market, usd, at, deploy_at)) u
     where m.token_key = u.token_key and m.market = u.market`,
    [
      rows.map((r) => r.tokenKey),
      rows.map((r) => r.market),
      rows.map((r) => r.liquidityUsd),
      rows.map((r) => r.at),
      rows.map((r) => r.deployAt),
    ],
  );
}

/**
 * Undoes the lows of blocks after `ancestor` on `chain` (inside rollbackTo): deletes their rows
 * and sums up each such market's remaining rows again on its market-list row.
 * @returns the addresses of those markets' tokens.
 */
export async function rollBackLiquidityLows(
  client: pg.PoolClient,
  chain: ChainId,
  ancestor: string,
): Promise<string[]> {
  const gone = await client.query<{ token_key: string; market: string }>(
    `delete from token_liquidity_lows where chain_id = $1 and block > $2 returning token_key, market`,
    [chain, ancestor],
  );
  const pairs = new Map(gone.rows.map((r) => [`${r.token_key}|${r.market}`, r]));
  for (const r of pairs.values())
    await client.query(
      `update token_markets m set
         liquidity_day_low_usd = (select min(l.liquidity_usd) filter (where l.at <= l.deploy_at + ${RUG_WINDOW_MS})
                                  from token_liquidity_lows l where l.token_key = $1 and l.market = $2),
         liquidity_week_low_usd = (select min(l.liquidity_usd) from token_liquidity_lows l
                                   where l.token_key = $1 and l.market = $2)
       where m.token_key = $1 and m.market = $2`,
      [r.token_key, r.market],
    );
  return [...new Set(gone.rows.map((r) => r.token_key.slice(chain.length + 1)))];
}
