import type pg from "pg";

/**
 * Sets the best pool of each token (chain, token address): the pool holding the most native
 * liquidity (unknown last), then the most recently traded, then the oldest, then the lowest
 * address (deterministic); null for a token left with no pool (a rollback removed them all).
 * Read from the token-keyed market lists, so runs after they were copied from `pools`.
 * Two statements, because Citus refuses a write to a reference table (`tokens`) that selects
 * from a distributed one (`pools`) when the select lands on one shard.
 */
export async function refreshBestPools(
  client: pg.PoolClient,
  tokens: readonly { chain: string; token: string }[],
): Promise<void> {
  if (tokens.length === 0) return;
  const unique = [...new Map(tokens.map((t) => [`${t.chain}/${t.token}`, t])).values()];
  const best = await client.query<{ chain_id: string; token: string; address: string | null }>(
    `select distinct on (k.chain_id, k.token) k.chain_id, k.token, p.address
     from unnest($1::text[], $2::text[]) as k(chain_id, token)
     left join token_markets p on p.token_key = k.chain_id || '/' || k.token
     order by k.chain_id, k.token, p.liquidity_native desc nulls last, p.last_trade_at desc nulls last,
       p.created_at asc nulls last, p.address`,
    [unique.map((t) => t.chain), unique.map((t) => t.token)],
  );
  await client.query(
    `update tokens t set best_pool = b.address
     from unnest($1::text[], $2::text[], $3::text[]) as b(chain_id, token, address)
     where t.chain_id = b.chain_id and t.address = b.token and t.best_pool is distinct from b.address`,
    [best.rows.map((r) => r.chain_id), best.rows.map((r) => r.token), best.rows.map((r) => r.address)],
  );
}
