import type pg from "pg";

/** Chain rows the API suites store and then expect back. */
export const SEEDED_CHAINS = [
  {
    chain: "evm:31337",
    name: "Anvil",
    slug: "anvil",
    family: "evm",
    nativeSymbol: "ETH",
    decimals: 18,
    status: "live",
  },
  {
    chain: "evm:8453",
    name: "Base",
    slug: "base",
    family: "evm",
    nativeSymbol: "ETH",
    decimals: 18,
    status: "live",
  },
  {
    chain: "solana",
    name: "Solana",
    slug: "solana",
    family: "solana",
    nativeSymbol: "SOL",
    decimals: 9,
    status: "live",
  },
] as const;

export async function seedChains(pool: pg.Pool): Promise<void> {
  for (const c of SEEDED_CHAINS) {
    await pool.query(
      `insert into chains (chain_id, name, slug, family, native_symbol, native_decimals, status, created_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [c.chain, c.name, c.slug, c.family, c.nativeSymbol, c.decimals, c.status, Date.now()],
    );
  }
}
