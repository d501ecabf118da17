import type pg from "pg";

/** The chains the dev stack serves: the local anvil chain and Solana (replayed recorded blocks). */
export const DEV_CHAINS = [
  {
    chain: "evm:31337",
    name: "Anvil Devnet",
    slug: "anvil",
    family: "evm",
    nativeSymbol: "ETH",
    nativeDecimals: 18,
    finalityDepth: 2,
    status: "live",
  },
  {
    chain: "solana",
    name: "Solana",
    slug: "solana",
    family: "solana",
    nativeSymbol: "SOL",
    nativeDecimals: 9,
    finalityDepth: 32,
    status: "live",
  },
] as const;

/** Inserts or refreshes the dev chains in `chains`, so a restarted dev stack keeps its data. */
export async function seedDevChains(pool: pg.Pool): Promise<void> {
  for (const c of DEV_CHAINS) {
    await pool.query(
      `insert into chains (chain_id, name, slug, family, native_symbol, native_decimals, finality_depth, status, created_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9)
       on conflict (chain_id) do update set name = excluded.name, slug = excluded.slug, family = excluded.family,
         native_symbol = excluded.native_symbol, native_decimals = excluded.native_decimals,
         finality_depth = excluded.finality_depth, status = excluded.status`,
      [
        c.chain,
        c.name,
        c.slug,
        c.family,
        c.nativeSymbol,
        c.nativeDecimals,
        c.finalityDepth,
        c.status,
        Date.now(),
      ],
    );
  }
}
