import { childEvents } from "../childEvents.ts";
import { createVaultVenue } from "../createVaultVenue.ts";
import { pushLaunchpadComplete } from "../pushLaunchpadComplete.ts";
import { pushLaunchpadCreate } from "../pushLaunchpadCreate.ts";
import { type MigrationAccounts, readMigrationInstruction } from "../pushLaunchpadMigration.ts";
import { RAYDIUM_LAUNCHLAB_PROGRAM } from "../solanaPrograms.ts";

const SWAP = { pool: 4, vaults: [7, 8], trader: 0 } as const;
const LAUNCHPAD = "raydium_launchlab";
const EXCHANGE = "Raydium LaunchLab";
const VENUE = {
  launchpad: LAUNCHPAD,
  venueType: "RAYDIUM_LAUNCHLAB",
  programId: RAYDIUM_LAUNCHLAB_PROGRAM,
  exchangeName: EXCHANGE,
} as const;
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
  exchangeName: EXCHANGE,
  launchpad: LAUNCHPAD,
  swaps: {
    faea0d7bd59c13ec: SWAP,
    "18d3742869039938": SWAP,
    "9527de9bd37c981a": SWAP,
    "5fc8472208090ba6": SWAP,
  },
  extra(tx, i, out, legs) {
    const ix = tx.instructions[i]!;
    const at = tx.blockTime === null ? null : tx.blockTime * 1000;
    if (legs.length === 0) readMigrationInstruction(tx, i, out, VENUE, MIGRATIONS);
    for (const ev of childEvents(tx, i)) {
      const f = ev.fields;
      if (
        ev.name === "TradeEvent" &&
        typeof f.real_base_after === "bigint" &&
        typeof f.total_base_sell === "bigint"
      ) {
        const progress = raydiumLaunchlabBondingProgress(f.real_base_after, f.total_base_sell);
        for (const leg of legs) leg.bondingProgress = progress;
        if (f.pool_status === POOL_STATUS_MIGRATE && legs[0]) {
          pushLaunchpadComplete(tx, out, {
            launchpad: LAUNCHPAD,
            mint: ix.accounts[9] ?? "",
            curve: String(f.pool_state),
            at,
          });
        }
      } else if (ev.name === "PoolCreateEvent") {
        pushLaunchpadCreate(tx, out, {
          launchpad: LAUNCHPAD,
          mint: ix.accounts[6] ?? "",
          pool: String(f.pool_state),
          creator: String(f.creator),
          at,
        });
      }
    }
  },
});
