import type { ChainId } from "@tapeline/core";
import type { FactoryInfo } from "../evm/factoryRegistry.ts";
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

/** The registry rows of the Solana venue programs (fees and launchpads travel with each pool). */
export function solanaVenueRows(venues: readonly SolanaVenue[]): VenueRow[] {
  return venues.map((v) => ({
    chain: "solana",
    factory: v.programId,
    venueType: v.venueType,
    exchangeName: v.exchangeName,
    logoUrl: null,
    feeBps: null,
    launchpad: null,
  }));
}
