import type pg from "pg";

/** The `pools` columns `token_markets` copies (its own key, `token_key`, comes first). */
const COLUMNS = [
  "market",
  "chain_id",
  "address",
  "token_address",
  "quote_address",
  "venue_type",
  "factory",
  "exchange_name",
  "fee_bps",
  "launchpad",
  "is_launchpad",
  "bonding_progress",
  "migrated",
  "graduated_at",
  "creator",
  "price_native",
  "liquidity_native",
  "liquidity_native_ath",
  "created_at",
  "created_block",
  "last_trade_at",
];

/**
 * The stored base token of each of `markets` that has a pool row, read before the writer
 * replaces it: a market whose token changes leaves its old token's list ({@link copyTokenMarkets}).
 */
export async function readPoolTokens(
  client: pg.PoolClient,
  markets: readonly string[],
): Promise<Map<string, string>> {
  if (markets.length === 0) return new Map();
  const { rows } = await client.query<{ market: string; token_key: string }>(
    "select market, chain_id || '/' || token_address as token_key from pools where market = any($1::text[])",
    [markets],
  );
  return new Map(rows.map((r) => [r.market, r.token_key]));
}

/**
 * Removes the given markets from the given tokens' lists (markets gone, or moved to another
 * token), before {@link copyTokenMarkets} writes the moved ones under their new token. The pairs
 * are matched as two lists (filtered on the distribution column, so Citus touches only those
 * tokens' shards): a market listed under another of the tokens is a moved one, which the copy
 * that follows puts back.
 */
export async function dropTokenMarkets(
  client: pg.PoolClient,
  rows: readonly { market: string; tokenKey: string }[],
): Promise<void> {
  if (rows.length === 0) return;
  await client.query(
    "delete from token_markets where token_key = any($1::text[]) and market = any($2::text[])",
    [[...new Set(rows.map((r) => r.tokenKey))], [...new Set(rows.map((r) => r.market))]],
  );
}

/**
 * Copies the current `pools` row of each of `markets` into its token's list (`token_markets`,
 * keyed by `<chain>/<token>`), inside the writer's transaction, after every change to those rows:
 * the list always says what `pools` says. Markets without a pool row are skipped (see
 * {@link dropTokenMarkets} for removing them).
 */
export async function copyTokenMarkets(client: pg.PoolClient, markets: readonly string[]): Promise<void> {
  if (markets.length === 0) return;
  const cols = COLUMNS.join(", ");
  const updates = COLUMNS.filter((c) => c !== "market")
    .map((c) => `${c} = excluded.${c}`)
    .join(", ");
  await client.query(
    `insert into token_markets (token_key, ${cols})
     select chain_id || '/' || token_address, ${cols} from pools where market = any($1::text[])
     on conflict (token_key, market) do update set ${updates}`,
    [[...new Set(markets)]],
  );
}
