import { createVaultVenue } from "../createVaultVenue.ts";
import { ORCA_WHIRLPOOL_PROGRAM } from "../solanaPrograms.ts";

/** Orca Whirlpool: swap, swapV2, and the two legs of twoHopSwap and twoHopSwapV2. */
export const orcaWhirlpoolVenue = createVaultVenue({
  venueType: "ORCA_WHIRLPOOL",
  programId: ORCA_WHIRLPOOL_PROGRAM,
  exchangeName: "Orca Whirlpool",
  swaps: {
    f8c69e91e17587c8: { pool: 2, vaults: [4, 6], trader: 1 },
    "2b04ed0b1ac91e62": { pool: 4, vaults: [8, 10], trader: 3 },
    c360ed6c44a2dbe6: [
      { pool: 2, vaults: [5, 7], trader: 1 },
      { pool: 3, vaults: [9, 11], trader: 1 },
    ],
    ba8fd11dfe02c275: [
      { pool: 0, vaults: [9, 10], trader: 14 },
      { pool: 1, vaults: [11, 12], trader: 14 },
    ],
  },
});
