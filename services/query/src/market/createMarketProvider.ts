import type { QueryProvider } from "../QueryProvider.ts";
import { createMarketQueries, type MarketQueriesOptions } from "./createMarketQueries.ts";
import { preparedStatements } from "./preparedStatements.ts";

/**
 * The market read API as a query provider, with the given cache lifetimes (defaults otherwise),
 * following the shard's market events when the shard has them. Its statements run prepared
 * (see `preparedStatements`).
 */
export function createMarketProvider(
  options: Omit<MarketQueriesOptions, "db" | "events"> = {},
): QueryProvider {
  return {
    name: "market",
    create({ pool, events }) {
      const methods = createMarketQueries({
        ...options,
        db: preparedStatements(pool),
        ...(events ? { events } : {}),
      });
      return { methods: { ...methods } };
    },
  };
}
