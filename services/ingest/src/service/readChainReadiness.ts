import {
  type ChainReadiness,
  chainFreshness,
  DEFAULT_FRESHNESS_POLICY,
  type FreshnessPolicy,
} from "@tapeline/core";
import type pg from "pg";
import { FAILING_AFTER } from "./createIngestMetrics.ts";

type Row = {
  head_block: string | null;
  block: string;
  indexed_at: string | null;
  head_at: string | null;
  updated_at: string;
};

/**
 * The chain's ingest progress from its committed checkpoint: the head seen with the last write,
 * the last block written, and the chain time between them (`lagMs`, 0 when caught up, null when a
 * time is unknown). `fresh` is false once no new head was written for the policy's window; a
 * `reason` says why the chain is not ready: a stale head, or the worker's last error once
 * {@link FAILING_AFTER} steps failed in a row. Null before the first checkpoint.
 */
export async function readChainReadiness(
  pool: pg.Pool,
  chain: string,
  opts: {
    freshness?: FreshnessPolicy;
    health?: () => { failures: number; lastError: string | null };
    now?: number;
  } = {},
): Promise<ChainReadiness | null> {
  // bounded: a stalled database makes the worker not ready, never a /readyz that hangs
  const { rows } = await pool.query<Row>({
    query_timeout: 2000,
    text: `select k.head_block, k.block, k.head_at, k.updated_at,
            case when k.block >= k.head_block then k.head_at else b.at end as indexed_at
       from ingest_checkpoints k
       left join ingest_blocks b on b.chain_id = k.chain_id and b.number = k.block
      where k.chain_id = $1`,
    values: [chain],
  } as pg.QueryConfig<string[]>);
  const r = rows[0];
  if (!r) return null;
  const f = chainFreshness(
    chain,
    Number(r.updated_at),
    opts.now ?? Date.now(),
    opts.freshness ?? DEFAULT_FRESHNESS_POLICY,
  );
  const health = opts.health?.();
  const reasons: string[] = [];
  if (health && health.failures >= FAILING_AFTER)
    reasons.push(`the last ${health.failures} steps failed: ${health.lastError}`);
  if (f.fresh === false)
    reasons.push(`no new head written for ${f.headAgeMs} ms (stale after ${f.staleAfterMs} ms)`);
  return {
    chain,
    headBlock: r.head_block === null ? null : Number(r.head_block),
    indexedBlock: Number(r.block),
    lagMs:
      r.head_at === null || r.indexed_at === null
        ? null
        : Math.max(0, Number(r.head_at) - Number(r.indexed_at)),
    headAgeMs: f.headAgeMs,
    fresh: f.fresh,
    ...(reasons.length > 0 ? { reason: reasons.join("; ") } : {}),
  };
}
