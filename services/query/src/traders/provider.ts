import type { QueryProvider } from "../QueryProvider.ts";
import { createTraderQueries } from "./createTraderQueries.ts";

/** Adds the trader reads (a market's top traders) to every shard. */
export const provider: QueryProvider = {
  name: "traders",
  create({ pool }) {
    return { methods: { ...createTraderQueries({ db: pool }) } };
  },
};
