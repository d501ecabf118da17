import {
  type ChainId,
  type ChainReadiness,
  type ChainRecord,
  chainFreshness,
  DEFAULT_FRESHNESS_POLICY,
  type FreshnessPolicy,
  type MetaQueries,
} from "@tapeline/core";
import type pg from "pg";

type ChainRow = {
  chain_id: string;
  name: string;
  slug: string;
  family: "evm" | "solana";
  native_symbol: string;
  native_decimals: number;
  finality_depth: number;
  status: string;
};

type ReadinessRow = {
  chain_id: string;
  head_block: string | null;
  block: string | null;
  head_at: string | null;
  indexed_at: string | null;
  updated_at: string | null;
};

/**
 * Meta queries over Postgres: the `chains` registry and each chain's ingest progress from
 * `ingest_checkpoints`. `lagMs` is the chain time between the head block and the last indexed
 * block (0 when caught up, null when either time is unknown). `fresh` is false once the ingest
 * has written no new head for the policy's window (a dead or stalled node, a failing worker),
 * with the `reason`.
 */
export function createMetaQueries(
  pool: pg.Pool,
  freshness: FreshnessPolicy = DEFAULT_FRESHNESS_POLICY,
): MetaQueries {
  return {
    async listChains(): Promise<ChainRecord[]> {
      const { rows } = await pool.query<ChainRow>(
        `select chain_id, name, slug, family, native_symbol, native_decimals, finality_depth, status
           from chains order by family, chain_id`,
      );
      return rows.map((r) => ({
        chain: r.chain_id as ChainId,
        name: r.name,
        slug: r.slug,
        family: r.family,
        nativeSymbol: r.native_symbol,
        nativeDecimals: r.native_decimals,
        finalityDepth: r.finality_depth,
        status: r.status,
      }));
    },

    async readiness(): Promise<ChainReadiness[]> {
      const { rows } = await pool.query<ReadinessRow>(
        `select c.chain_id, k.head_block, k.block, k.head_at, k.updated_at,
                case when k.block >= k.head_block then k.head_at else b.at end as indexed_at
           from chains c
           left join ingest_checkpoints k on k.chain_id = c.chain_id
           left join ingest_blocks b on b.chain_id = k.chain_id and b.number = k.block
          order by c.family, c.chain_id`,
      );
      const now = Date.now();
      return rows.map((r) => {
        const f = chainFreshness(
          r.chain_id,
          r.updated_at === null ? null : Number(r.updated_at),
          now,
          freshness,
        );
        return {
          chain: r.chain_id,
          headBlock: r.head_block === null ? null : Number(r.head_block),
          indexedBlock: r.block === null ? null : Number(r.block),
          lagMs:
            r.head_at === null || r.indexed_at === null
              ? null
              : Math.max(0, Number(r.head_at) - Number(r.indexed_at)),
          headAgeMs: f.headAgeMs,
          fresh: f.fresh,
          ...(f.fresh === false
            ? { reason: `no new head written for ${f.headAgeMs} ms (stale after ${f.staleAfterMs} ms)` }
            : {}),
        };
      });
    },
  };
}
