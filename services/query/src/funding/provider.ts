import type { QueryProvider } from "../QueryProvider.ts";
import { createFundingQueries } from "./createFundingQueries.ts";
import { funderTags } from "./funderTags.ts";

/** Adds the funding reads (who first funded a wallet) to every shard. */
export const provider: QueryProvider = {
  name: "funding",
  create({ pool, funderTags: extra }) {
    return { methods: createFundingQueries({ db: pool, tags: funderTags(extra) }) };
  },
};
