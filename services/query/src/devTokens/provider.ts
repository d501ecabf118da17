import type { QueryProvider } from "../QueryProvider.ts";
import { createDevTokenQueries } from "./createDevTokenQueries.ts";

/** Adds the deployer track record to every shard. */
export const provider: QueryProvider = {
  name: "devTokens",
  create({ pool }) {
    return { methods: { ...createDevTokenQueries({ db: pool }) } };
  },
};
