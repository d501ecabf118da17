import { NonRetryableJobError } from "@tapeline/core";
import type { ProcessorMap } from "../index.ts";
import { refreshTokenMetadata } from "./refreshTokenMetadata.ts";

/** The queue the metadata runs are scheduled on (a queue every jobs worker takes by default). */
export const METADATA_QUEUE = "jobs";

/** Job names of the metadata group. */
export const MetadataJobs = {
  /** fetch the metadata documents that are new, changed or due (`{}`), repeated every METADATA_EVERY_MS */
  refresh: "token-metadata",
} as const;

/** The metadata processors: each run fetches up to METADATA_BATCH documents. */
export const metadataProcessors: ProcessorMap = {
  async [MetadataJobs.refresh](_job, deps) {
    if (!deps.pool) throw new NonRetryableJobError("token-metadata needs DATABASE_URL");
    if (!deps.metadata) throw new NonRetryableJobError("token-metadata needs METADATA_EVERY_MS");
    return refreshTokenMetadata(deps.pool, deps.metadata);
  },
};
