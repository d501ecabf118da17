import { childEvents } from "../childEvents.ts";
import { createVaultVenue } from "../createVaultVenue.ts";
import { pushLaunchpadCreate } from "../pushLaunchpadCreate.ts";
import { METEORA_DBC_PROGRAM } from "../solanaPrograms.ts";

const SWAP = { pool: 2, vaults: [5, 6], trader: 9 } as const;
const LAUNCHPAD = "meteora_dbc";

/**
 * Meteora Dynamic Bonding Curve: swap and swap2 between base_vault and quote_vault. Pool
 * creation (EvtInitializePool) names the creator, the token's deployer; EvtCurveComplete,
 * emitted by the swap that fills the curve, marks it complete.
 */
export const meteoraDbcVenue = createVaultVenue({
  venueType: "METEORA_DBC",
  programId: METEORA_DBC_PROGRAM,
  exchangeName: "Meteora DBC",
  launchpad: LAUNCHPAD,
  swaps: { f8c69e91e17587c8: SWAP, "414b3f4ceb5b5b88": SWAP },
  extra(tx, i, out, legs) {
    const ix = tx.instructions[i]!;
    const at = tx.blockTime === null ? null : tx.blockTime * 1000;
    for (const ev of childEvents(tx, i)) {
      const f = ev.fields;
      if (ev.name === "EvtCurveComplete") {
        for (const leg of legs) leg.bondingProgress = 100;
        out.launchpadEvents.push({
          kind: "complete",
          launchpad: LAUNCHPAD,
          mint: ix.accounts[7] ?? "",
          pool: String(f.pool),
          at,
          signature: tx.signature,
          slot: tx.slot,
          creator: null,
          bondingProgress: 100,
          migratedTo: null,
        });
      } else if (ev.name === "EvtInitializePool") {
        pushLaunchpadCreate(tx, out, {
          launchpad: LAUNCHPAD,
          mint: String(f.base_mint),
          pool: String(f.pool),
          creator: String(f.creator),
          at,
        });
      }
    }
  },
});
