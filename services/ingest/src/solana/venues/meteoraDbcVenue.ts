import { createVaultVenue } from "../createVaultVenue.ts";
import type { MigrationAccounts } from "../pushLaunchpadMigration.ts";
import { METEORA_DBC_PROGRAM } from "../solanaPrograms.ts";

// referral_token_account (12, optional: the program id when absent) is paid its share of the fee by the quote vault
const SWAP = { pool: 2, vaults: [5, 6], trader: 9, fees: [12] } as const;

/**
 * Migration instructions by discriminator, with the account positions of the IDL: the virtual
 * pool (the curve), the pool it migrates to, and the base and quote mints.
 */
const MIGRATIONS: Readonly<Record<string, MigrationAccounts>> = {
  // migrate_meteora_damm: to a DAMM v1 pool (token A is the base mint)
  "1b013016b43f76d9": { curve: 0, pool: 4, base: 7, quote: 8 },
  // migration_damm_v2: to a DAMM v2 pool
  "9ca9e66735e45040": { curve: 0, pool: 4, base: 13, quote: 14 },
};

/**
 * Bonding progress of a DBC curve in percent (0–100): the quote reserve over the config's
 * migration threshold, both as EvtSwap2 reports them after the swap.
 */
export function meteoraDbcBondingProgress(quoteReserve: bigint, migrationThreshold: bigint): number | null {
  if (migrationThreshold <= 0n) return null;
  if (quoteReserve >= migrationThreshold) return 100;
  // in floating point: a fresh curve's reserve is a tiny fraction of its threshold
  return (Number(quoteReserve) * 100) / Number(migrationThreshold);
}

/**
 * Meteora Dynamic Bonding Curve: swap and swap2 between base_vault and quote_vault. Pool
 * creation (EvtInitializePool) names the creator, the token's deployer; EvtSwap2 reports the
 * quote reserve against the migration threshold (the bonding progress); EvtCurveComplete,
 * emitted by the swap that fills the curve, marks it complete; migrate_meteora_damm and
 * migration_damm_v2 graduate the token.
 */
export const meteoraDbcVenue = createVaultVenue({
  venueType: "METEORA_DBC",
  programId: METEORA_DBC_PROGRAM,
  exchangeName: "Meteora DBC",
  launchpad: "meteora_dbc",
  swaps: { f8c69e91e17587c8: SWAP, "414b3f4ceb5b5b88": SWAP },
  lifecycle: {
    migrations: MIGRATIONS,
    readEvent(ev, ix) {
      const f = ev.fields;
      if (ev.name === "EvtSwap2") {
        const { quote_reserve_amount: reserve, migration_threshold: threshold } = f;
        if (typeof reserve !== "bigint" || typeof threshold !== "bigint") return null;
        return { progress: meteoraDbcBondingProgress(reserve, threshold) };
      }
      if (ev.name === "EvtCurveComplete") {
        return { progress: 100, complete: { mint: ix.accounts[7] ?? "", curve: String(f.pool) } };
      }
      if (ev.name === "EvtInitializePool") {
        return { create: { mint: String(f.base_mint), pool: String(f.pool), creator: String(f.creator) } };
      }
      return null;
    },
  },
});
