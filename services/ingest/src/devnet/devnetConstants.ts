import type { Address } from "viem";

/** The native coin's address in V4 pool keys (and across Tapeline). */
export const NATIVE: Address = "0x0000000000000000000000000000000000000000";

/** Router deadline used by the devnet: fixed (not wall-clock based) so a seed replays to identical calldata. */
export const DEADLINE = 4_102_444_800n;

/** type(uint256).max, the allowance devnet accounts grant routers. */
export const MAX_UINT256 = (1n << 256n) - 1n;
