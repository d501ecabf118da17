import { backfillProcessors } from "./backfill/processors.ts";
import type { ProcessorMap } from "./index.ts";
import { metadataProcessors } from "./metadata/processors.ts";
import { screenerProcessors } from "./screener/processors.ts";
import { traderProcessors } from "./traders/processors.ts";

/**
 * Every job group this package processes, listed here by hand so that grepping a group's file
 * name finds where it is wired. A new group is one import and one entry below
 * (`index.test.ts` fails when a folder's `processors.ts` is missing from this list).
 */
export const processorGroups: Record<string, ProcessorMap> = {
  backfill: backfillProcessors,
  metadata: metadataProcessors,
  screener: screenerProcessors,
  traders: traderProcessors,
};

/**
 * Merges processor groups into one map by job name.
 * @throws Error when two groups claim one job name.
 */
export function mergeProcessors(groups: Record<string, ProcessorMap>): ProcessorMap {
  const all: ProcessorMap = {};
  const owner = new Map<string, string>();
  for (const [group, processors] of Object.entries(groups)) {
    for (const [name, fn] of Object.entries(processors)) {
      const prior = owner.get(name);
      if (prior) throw new Error(`job ${name} is processed by both ${prior} and ${group}`);
      owner.set(name, group);
      all[name] = fn;
    }
  }
  return all;
}
