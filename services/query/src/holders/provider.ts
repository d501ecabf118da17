import type { QueryProvider } from "../QueryProvider.ts";
import { createHolderQueries } from "./createHolderQueries.ts";

/** Adds the token holders read to every shard. */
export const provider: QueryProvider = {
  name: "holders",
  create({ pool }) {
    return { methods: { ...createHolderQueries({ db: pool }) } };
  },
};
