import type { QueryProvider } from "../QueryProvider.ts";
import { createMarketQueries, type MarketQueriesOptions } from "./createMarketQueries.ts";

/** The market read API as a query provider, with the given cache lifetimes (defaults otherwise). */
export function createMarketProvider(options: Omit<MarketQueriesOptions, "db"> = {}): QueryProvider {
  return {
    name: "market",
    create({ pool }) {
      const methods = createMarketQueries({ ...options, db: pool });
      return { methods: { ...methods } };
    },
  };
}
