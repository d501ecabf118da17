import type pg from "pg";

/** A chain's row in the `chains` registry. */
export type ChainRegistration = {
  chain: string;
  name: string;
  slug: string;
  family: "evm" | "solana";
  nativeSymbol: string;
  nativeDecimals: number;
  finalityDepth: number;
};

/**
 * Inserts or refreshes the chain's row in `chains`, so the API lists the chain this worker
 * indexes. The first registration's `created_at` is kept.
 */
export async function registerChain(pool: pg.Pool, c: ChainRegistration): Promise<void> {
  await pool.query(
    `insert into chains (chain_id, name, slug, family, native_symbol, native_decimals, finality_depth, status, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, 'live', $8)
     on conflict (chain_id) do update set name = excluded.name, slug = excluded.slug, family = excluded.family,
       native_symbol = excluded.native_symbol, native_decimals = excluded.native_decimals,
       finality_depth = excluded.finality_depth, status = excluded.status`,
    [c.chain, c.name, c.slug, c.family, c.nativeSymbol, c.nativeDecimals, c.finalityDepth, Date.now()],
  );
}
