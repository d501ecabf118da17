import { preparedStatements } from "../market/preparedStatements.ts";
import type { QueryProvider } from "../QueryProvider.ts";
import { createDevTokenQueries } from "./createDevTokenQueries.ts";

/**
 * Adds the deployer track record to every shard, its reads as named prepared statements (a
 * handful of texts): the page statement costs about as much to plan as to run.
 */
export const provider: QueryProvider = {
  name: "devTokens",
  create({ pool }) {
    return { methods: { ...createDevTokenQueries({ db: preparedStatements(pool) }) } };
  },
};
