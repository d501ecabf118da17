import type { EndpointDef } from "../../endpoint.ts";
import { getNativePrices } from "./getNativePrices.ts";
import { getPool } from "./getPool.ts";
import { getPoolData } from "./getPoolData.ts";
import { getPoolOhlcv } from "./getPoolOhlcv.ts";
import { getPoolTrades } from "./getPoolTrades.ts";
import { getToken } from "./getToken.ts";
import { getTokenOhlcv } from "./getTokenOhlcv.ts";
import { getTokenPools } from "./getTokenPools.ts";
import { getTokenPrice } from "./getTokenPrice.ts";
import { getTokenStats } from "./getTokenStats.ts";
import { getTokenTrades } from "./getTokenTrades.ts";
import { postPool } from "./postPool.ts";
import { postPoolOhlcv } from "./postPoolOhlcv.ts";
import { postPoolsSparklines } from "./postPoolsSparklines.ts";
import { postToken } from "./postToken.ts";
import { postTokenPrice } from "./postTokenPrice.ts";
import { postTokenSparklines } from "./postTokenSparklines.ts";
import { postTokenStats } from "./postTokenStats.ts";

/** The market group: tokens, markets, trades, candles, sparklines and native prices. */
export const marketEndpoints: EndpointDef[] = [
  getToken,
  postToken,
  getTokenPrice,
  postTokenPrice,
  getTokenPools,
  getTokenStats,
  postTokenStats,
  getTokenTrades,
  getTokenOhlcv,
  postTokenSparklines,
  getPool,
  postPool,
  getPoolData,
  getPoolTrades,
  getPoolOhlcv,
  postPoolOhlcv,
  postPoolsSparklines,
  getNativePrices,
];
