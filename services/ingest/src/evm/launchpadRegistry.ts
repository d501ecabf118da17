import { TAPELINE_LAUNCHPAD_VENUE } from "./decoders/decodeLaunchCurveLog.ts";
import type { FactoryInfo } from "./factoryRegistry.ts";

/** An EVM launchpad: its name (served as `launchpad.name`) and the tokens one curve sells. */
export type EvmLaunchpad = {
  name: string;
  /** raw tokens a curve sells before it graduates (the 100% of bonding progress) */
  saleSupply: bigint;
};

/**
 * The Tapeline launchpad (`devnet/contracts/TapelineLaunchpad.sol`): 800M of a 1B, 18-decimal
 * supply are sold on the curve (`LaunchCurve.SALE_SUPPLY`).
 */
export const TAPELINE_LAUNCHPAD: EvmLaunchpad = { name: "tapeline", saleSupply: 800_000_000n * 10n ** 18n };

/**
 * Bonding progress in percent (0–100, four decimals, rounded down): the share of the curve's sale
 * supply sold, from the `sold` its CurveSync event reports.
 */
export function curveBondingProgress(sold: bigint, launchpad: EvmLaunchpad): number {
  if (sold <= 0n) return 0;
  if (sold >= launchpad.saleSupply) return 100;
  return Number((sold * 1_000_000n) / launchpad.saleSupply) / 10_000;
}

/**
 * The factory-registry entry of a deployed Tapeline launchpad: its address is the factory of its
 * curves (the EVM ingest's venue configuration lists it, as it lists a new DEX factory).
 */
export function tapelineLaunchpadFactory(address: string): FactoryInfo {
  return {
    factory: address.toLowerCase(),
    venueType: TAPELINE_LAUNCHPAD_VENUE,
    exchangeName: "Tapeline Launchpad",
    logoUrl: null,
    feeBps: 0,
    launchpad: TAPELINE_LAUNCHPAD,
  };
}
