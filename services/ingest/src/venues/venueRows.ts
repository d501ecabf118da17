import type { ChainId } from "@tapeline/core";
import type { FactoryInfo } from "../evm/factoryRegistry.ts";
import type { SolanaProgramEntry } from "../solana/programs/createSolanaProgramRegistry.ts";
import type { SolanaVenue } from "../solana/SolanaVenue.ts";
import type { VenueRow } from "./writeVenues.ts";

/** The registry rows of an EVM chain's factories (built-in and configured). */
export function evmVenueRows(chain: ChainId, factories: readonly FactoryInfo[]): VenueRow[] {
  return factories.map((f) => ({
    chain,
    factory: f.factory,
    venueType: f.venueType,
    exchangeName: f.exchangeName,
    logoUrl: f.logoUrl,
    feeBps: f.feeBps,
    launchpad: null,
  }));
}

/**
 * The registry rows of the Solana venue programs (fees and launchpads travel with each pool):
 * the venue decoders' programs, then the named venues of the program registry that have none
 * (their swaps come from the generic detector).
 */
export function solanaVenueRows(
  venues: readonly SolanaVenue[],
  named: readonly SolanaProgramEntry[] = [],
): VenueRow[] {
  const decoded = new Set(venues.map((v) => v.programId));
  const rows = [
    ...venues.map((v) => ({ programId: v.programId, venueType: v.venueType, exchangeName: v.exchangeName })),
    ...named
      .filter((e) => e.kind === "venue" && !decoded.has(e.programId))
      .map((e) => ({ programId: e.programId, venueType: e.type, exchangeName: e.name })),
  ];
  return rows.map((v) => ({
    chain: "solana",
    factory: v.programId,
    venueType: v.venueType,
    exchangeName: v.exchangeName,
    logoUrl: null,
    feeBps: null,
    launchpad: null,
  }));
}
