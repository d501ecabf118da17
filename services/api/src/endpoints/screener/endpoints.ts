import type { UniverseStore } from "@tapeline/core";
import type { EndpointDef } from "../../endpoint.ts";
import { createScreenerEndpoints } from "./createScreenerEndpoints.ts";
import { createUniverseReader } from "./createUniverseReader.ts";

/** The screener group: served from the universe snapshots of `store` (none without a store). */
export function screenerEndpoints(store: UniverseStore | null): EndpointDef[] {
  return store ? createScreenerEndpoints(createUniverseReader(store)) : [];
}
