import type { TokenLaunchpad } from "@tapeline/core";
import type { PoolRow } from "./readPoolRows.ts";

/** A token's launchpad market: its earliest-created bonding-curve pool (unknown creation last), if any. */
export function launchpadPoolOf(pools: readonly PoolRow[]): PoolRow | undefined {
  return pools
    .filter((p) => p.isLaunchpad)
    .sort((a, b) => (a.createdAt ?? Number.MAX_SAFE_INTEGER) - (b.createdAt ?? Number.MAX_SAFE_INTEGER))[0];
}

/**
 * The launchpad block of a token served by the token endpoint and the pulse: the curve's stored
 * progress (the ingest's launchpad registry and thresholds), 100 once it migrated, and the
 * migration time from the migration event.
 */
export function toTokenLaunchpad(curve: PoolRow): TokenLaunchpad {
  return {
    name: curve.launchpad,
    poolAddress: curve.address,
    bondingProgress: curve.migrated ? 100 : curve.bondingProgress,
    graduated: curve.migrated,
    graduatedAt: curve.graduatedAt,
  };
}
