import type { ChainId, VenueType } from "@tapeline/core";
import type { EvmLaunchpad } from "./launchpadRegistry.ts";

/** A factory (or the V4 PoolManager) and what its pools are. Addresses lowercase. */
export type FactoryInfo = {
  factory: string;
  venueType: VenueType;
  exchangeName: string;
  logoUrl: string | null;
  /** pool fee in basis points when the factory fixes it (V2 forks); V3/V4 pools carry their own */
  feeBps: number | null;
  /** set when the factory is a launchpad whose pools are bonding curves */
  launchpad?: EvmLaunchpad;
};

const f = (
  factory: string,
  venueType: VenueType,
  exchangeName: string,
  feeBps: number | null = null,
): FactoryInfo => ({
  factory,
  venueType,
  exchangeName,
  logoUrl: null,
  feeBps,
});

/**
 * Factories of well-known venues per chain. A deployment adds or overrides entries through the
 * `venues` table or its chain configuration (logos are configuration, none are built in).
 */
export const KNOWN_FACTORIES: Readonly<Partial<Record<ChainId, readonly FactoryInfo[]>>> = {
  "evm:1": [
    f("0x5c69bee701ef814a2b6a3edd4b1652cb9cc5aa6f", "UNISWAP_V2", "Uniswap V2", 30),
    f("0x1f98431c8ad98523631ae4a59f267346ea31f984", "UNISWAP_V3", "Uniswap V3"),
    f("0x000000000004444c5dc75cb358380d2e3de08a90", "UNISWAP_V4", "Uniswap V4"),
    f("0xc0aee478e3658e2610c5f7a4a2e1777ce9e4f2ac", "UNISWAP_V2", "SushiSwap", 30),
    f("0x1097053fd2ea711dad45caccc45eff7548fcb362", "UNISWAP_V2", "PancakeSwap V2", 25),
  ],
  "evm:8453": [
    f("0x8909dc15e40173ff4699343b6eb8132c65e18ec6", "UNISWAP_V2", "Uniswap V2", 30),
    f("0x33128a8fc17869897dce68ed026d694621f6fdfd", "UNISWAP_V3", "Uniswap V3"),
    f("0x498581ff718922c3f8e6a244956af099b2652b2b", "UNISWAP_V4", "Uniswap V4"),
    f("0x420dd381b31aef6683db6b902084cb0ffece40da", "AERODROME_V2", "Aerodrome"),
    f("0x5e7bb104d84c7cb9b682aac2f3d509f5f406809a", "AERODROME_SLIPSTREAM", "Aerodrome Slipstream"),
    f("0xfda619b6d20975be80a10332cd39b9a4b0faa8bb", "UNISWAP_V2", "BaseSwap", 25),
  ],
  "evm:10": [
    f("0x1f98431c8ad98523631ae4a59f267346ea31f984", "UNISWAP_V3", "Uniswap V3"),
    f("0x9a13f98cb987694c9f086b1f5eb990eea8264ec3", "UNISWAP_V4", "Uniswap V4"),
    f("0xf1046053aa5682b4f9a81b5481394da16be5ff5a", "AERODROME_V2", "Velodrome V2"),
  ],
  "evm:42161": [
    f("0xf1d7cc64fb4452f05c498126312ebe29f30fbcf9", "UNISWAP_V2", "Uniswap V2", 30),
    f("0x1f98431c8ad98523631ae4a59f267346ea31f984", "UNISWAP_V3", "Uniswap V3"),
    f("0x360e68faccca8ca495c1b759fd9eee466db9fb32", "UNISWAP_V4", "Uniswap V4"),
    f("0xc35dadb65012ec5796536bd9864ed8773abc74c4", "UNISWAP_V2", "SushiSwap", 30),
  ],
  "evm:56": [
    f("0xca143ce32fe78f1f7019d7d551a6402fc5350c73", "UNISWAP_V2", "PancakeSwap V2", 25),
    f("0x0bfbcf9fa4f9c56b0f40a671ad40e0805a091865", "PANCAKESWAP_V3", "PancakeSwap V3"),
    f("0xdb1d10011ad0ff90774d0c6bb92e5c5c8b4461f7", "UNISWAP_V3", "Uniswap V3"),
  ],
};

/** Factory lookup for one chain: built-in entries, then configured ones (which win). */
export type FactoryRegistry = {
  get(factory: string): FactoryInfo | undefined;
  all(): FactoryInfo[];
  /** the V4 PoolManagers (their logs carry pool ids, not pool addresses) */
  poolManagers(): Set<string>;
};

/**
 * Builds the factory registry of a chain from the built-in list plus `extra` entries (from the
 * `venues` table or configuration; a repeated factory replaces the built-in entry).
 */
export function createFactoryRegistry(chain: ChainId, extra: readonly FactoryInfo[] = []): FactoryRegistry {
  const map = new Map<string, FactoryInfo>();
  for (const e of [...(KNOWN_FACTORIES[chain] ?? []), ...extra])
    map.set(e.factory.toLowerCase(), { ...e, factory: e.factory.toLowerCase() });
  const managers = new Set(
    [...map.values()].filter((e) => e.venueType === "UNISWAP_V4").map((e) => e.factory),
  );
  return { get: (a) => map.get(a.toLowerCase()), all: () => [...map.values()], poolManagers: () => managers };
}
