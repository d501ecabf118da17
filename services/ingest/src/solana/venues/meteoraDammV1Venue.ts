import { createVaultVenue } from "../createVaultVenue.ts";
import { METEORA_DAMM_V1_PROGRAM } from "../solanaPrograms.ts";

/**
 * Meteora DAMM v1 (dynamic AMM): the swap deposits into and withdraws from the Meteora vaults'
 * token accounts (a_token_vault, b_token_vault). Those vaults are shared with other pools, so
 * their balances are not this pool's reserves. The protocol fee goes from the trader's input
 * account to protocol_token_fee (position 11, beside the vaults): the rows count it as paid.
 */
export const meteoraDammV1Venue = createVaultVenue({
  venueType: "METEORA_DAMM_V1",
  programId: METEORA_DAMM_V1_PROGRAM,
  exchangeName: "Meteora DAMM v1",
  vaultsAreReserves: false,
  swaps: { f8c69e91e17587c8: { pool: 0, vaults: [5, 6], trader: 12, fees: [11] } },
});
