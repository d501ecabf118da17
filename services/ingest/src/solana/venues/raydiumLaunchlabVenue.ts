import { createVaultVenue } from "../createVaultVenue.ts";
import type { MigrationAccounts } from "../pushLaunchpadMigration.ts";
import { RAYDIUM_LAUNCHLAB_PROGRAM } from "../solanaPrograms.ts";

// users: user_base_token and user_quote_token (IDL positions 5, 6): the platform and creator fees the
// quote vault pays to remaining accounts the recorded IDL does not name are beside the pool, so the
// rows count what the trader paid and received
const SWAP = { pool: 4, vaults: [7, 8], trader: 0, users: [5, 6] } as const;
/** `PoolStatus::Migrate`: the curve sold its last base token and waits for its migration. */
const POOL_STATUS_MIGRATE = 1;

/**
 * Migration instructions by discriminator, with the account positions of the IDL: the pool
 * state (the curve), the pool it migrates to, and the base and quote mints.
 */
const MIGRATIONS: Readonly<Record<string, MigrationAccounts>> = {
  // migrate_to_amm: to a Raydium AMM v4 pool
  cf52c091fecf91df: { curve: 23, pool: 13, base: 1, quote: 2 },
  // migrate_to_cpswap: to a Raydium CPMM pool
  "885cc8671cda908c": { curve: 17, pool: 5, base: 1, quote: 2 },
};

/**
 * Bonding progress of a LaunchLab curve in percent (0–100): the share of the curve's base tokens
 * sold, `real_base_after` over `total_base_sell` of the TradeEvent.
 */
export function raydiumLaunchlabBondingProgress(realBaseAfter: bigint, totalBaseSell: bigint): number | null {
  if (totalBaseSell <= 0n) return null;
  if (realBaseAfter >= totalBaseSell) return 100;
  return Number((realBaseAfter * 1_000_000n) / totalBaseSell) / 10_000;
}

/**
 * Raydium LaunchLab bonding curve: buy/sell exact in/out between base_vault and quote_vault.
 * The TradeEvent gives the bonding progress and, with the pool status turned to Migrate, the
 * curve's completion; PoolCreateEvent names the deployer; migrate_to_amm and migrate_to_cpswap
 * graduate the token.
 */
export const raydiumLaunchlabVenue = createVaultVenue({
  venueType: "RAYDIUM_LAUNCHLAB",
  programId: RAYDIUM_LAUNCHLAB_PROGRAM,
  exchangeName: "Raydium LaunchLab",
  launchpad: "raydium_launchlab",
  swaps: {
    faea0d7bd59c13ec: SWAP,
    "18d3742869039938": SWAP,
    "9527de9bd37c981a": SWAP,
    "5fc8472208090ba6": SWAP,
  },
  lifecycle: {
    migrations: MIGRATIONS,
    readEvent(ev, ix) {
      const f = ev.fields;
      if (ev.name === "TradeEvent") {
        const { real_base_after: sold, total_base_sell: total } = f;
        if (typeof sold !== "bigint" || typeof total !== "bigint") return null;
        const progress = raydiumLaunchlabBondingProgress(sold, total);
        if (f.pool_status !== POOL_STATUS_MIGRATE) return { progress };
        return { progress, complete: { mint: ix.accounts[9] ?? "", curve: String(f.pool_state) } };
      }
      if (ev.name === "PoolCreateEvent") {
        return {
          create: { mint: ix.accounts[6] ?? "", pool: String(f.pool_state), creator: String(f.creator) },
        };
      }
      return null;
    },
  },
});
