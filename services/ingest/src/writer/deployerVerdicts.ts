import { deployerJudgedPoolSql, deployerTokenFactsSql } from "@tapeline/core";
import type pg from "pg";

const JUDGED = deployerJudgedPoolSql("f");

// The tokens' verdicts as the dev-tokens read would judge them now, returned only where they
// differ from the stored one.
const CHANGED = `with listed as materialized (
    select t.chain_id, t.address, t.chain_id || '/' || t.address as token_key, t.best_pool, t.deployer_status
    from unnest($1::text[], $2::text[]) as k(chain_id, address)
    join tokens t on t.chain_id = k.chain_id and t.address = k.address
  ),
  facts as materialized (${deployerTokenFactsSql("listed")})
  select j.chain_id, j.address, j.status from (
    select l.chain_id, l.address, l.deployer_status, ${JUDGED.status} as status
    from listed l left join facts f on f.token_key = l.token_key
  ) j
  where j.status is distinct from j.deployer_status`;

/**
 * Stores the deployer-track-record verdict of each of `tokens` (`tokens.deployer_status`,
 * migration 0165) from its market lists and best pool as they stand, inside the writer's or the
 * rollback's transaction, after the market lists, best pools and liquidity lows were written:
 * those are the verdict's only inputs, so a token whose markets a write did not touch keeps a
 * verdict equal to the one judged at request time. Only changed verdicts are written (`tokens` is
 * a reference table on Citus: a write goes to every node); two statements, as in refreshBestPools.
 */
export async function refreshDeployerVerdicts(
  client: pg.PoolClient,
  tokens: readonly { chain: string; token: string }[],
): Promise<void> {
  if (tokens.length === 0) return;
  const unique = [...new Map(tokens.map((t) => [`${t.chain}/${t.token}`, t])).values()];
  const changed = await client.query<{ chain_id: string; address: string; status: string }>(CHANGED, [
    unique.map((t) => t.chain),
    unique.map((t) => t.token),
  ]);
  if (changed.rows.length === 0) return;
  await client.query(
    `update tokens t set deployer_status = u.status
     from unnest($1::text[], $2::text[], $3::text[]) as u(chain_id, address, status)
     where t.chain_id = u.chain_id and t.address = u.address`,
    [
      changed.rows.map((r) => r.chain_id),
      changed.rows.map((r) => r.address),
      changed.rows.map((r) => r.status),
    ],
  );
}
