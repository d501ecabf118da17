import { createVaultVenue } from "../createVaultVenue.ts";
import { METEORA_DLMM_PROGRAM } from "../solanaPrograms.ts";

// host_fee_in (9, optional: the program id when absent) takes the host's share of the fee from the trader's input
const SWAP = { pool: 0, vaults: [2, 3], trader: 10, fees: [9] } as const;

/** Meteora DLMM: every swap variant (exact in, exact out, with price impact, and their v2) between reserve_x and reserve_y. */
export const meteoraDlmmVenue = createVaultVenue({
  venueType: "METEORA_DLMM",
  programId: METEORA_DLMM_PROGRAM,
  exchangeName: "Meteora DLMM",
  swaps: {
    f8c69e91e17587c8: SWAP,
    "414b3f4ceb5b5b88": SWAP,
    fa49652126cf4bb8: SWAP,
    "2bd7f784893cf351": SWAP,
    "38ade6d0ade49ccd": SWAP,
    "4a62c0d6b1334b33": SWAP,
  },
});
