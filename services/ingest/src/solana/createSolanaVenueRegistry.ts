import type { VenueType } from "@tapeline/core";
import type { SolanaVenue } from "./SolanaVenue.ts";
import { SOLANA_VENUES } from "./solanaVenues.ts";

/** Venue decoders looked up by program id (decoding) and by venue type (configuration). */
export type SolanaVenueRegistry = {
  byProgram(programId: string): SolanaVenue | undefined;
  byType(venueType: VenueType): SolanaVenue | undefined;
  venues(): readonly SolanaVenue[];
};

/**
 * Registers venue decoders by venue type. `enabled` restricts them to some venue types (all
 * when omitted).
 * @throws TypeError when two decoders claim the same venue type or program.
 */
export function createSolanaVenueRegistry(
  opts: { venues?: readonly SolanaVenue[]; enabled?: readonly VenueType[] } = {},
): SolanaVenueRegistry {
  const list = (opts.venues ?? SOLANA_VENUES).filter(
    (v) => !opts.enabled || opts.enabled.includes(v.venueType),
  );
  const byProgram = new Map<string, SolanaVenue>();
  const byType = new Map<string, SolanaVenue>();
  for (const v of list) {
    if (byProgram.has(v.programId) || byType.has(v.venueType)) {
      throw new TypeError(`venue ${v.venueType} (${v.programId}) registered twice`);
    }
    byProgram.set(v.programId, v);
    byType.set(v.venueType, v);
  }
  return {
    byProgram: (p) => byProgram.get(p),
    byType: (t) => byType.get(t),
    venues: () => list,
  };
}
