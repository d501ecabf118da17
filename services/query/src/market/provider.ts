import type { QueryProvider } from "../QueryProvider.ts";
import { createMarketProvider } from "./createMarketProvider.ts";

/** Adds the market read API (tokens, markets, trades, candles, sparklines, prices) to every shard. */
export const provider: QueryProvider = createMarketProvider();
