import type { QueryProvider } from "../QueryProvider.ts";
import { createMarketQueries } from "./createMarketQueries.ts";

/** Adds the market read API (tokens, markets, trades, candles, sparklines, prices) to every shard. */
export const provider: QueryProvider = {
  name: "market",
  create({ pool }) {
    const methods = createMarketQueries({ db: pool });
    return { methods: { ...methods } };
  },
};
