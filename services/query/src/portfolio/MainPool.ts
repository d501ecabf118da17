/** A token's main pool as the valuation needs it (a `pools` row; amounts raw, prices decimal strings). */
export type MainPool = {
  /** the market id (candles are keyed by it) */
  market: string;
  address: string;
  venueType: string;
  factory: string | null;
  feeBps: number | null;
  token0: string;
  token1: string;
  /** the pool's base (traded) token and its quote */
  tokenAddress: string;
  quoteAddress: string;
  isLaunchpad: boolean;
  migrated: boolean;
  reserve0: bigint | null;
  reserve1: bigint | null;
  /** base token price in native per whole token, and in quote per whole token */
  priceNative: number | null;
  priceQuote: number | null;
  liquidityNative: number | null;
  createdBlock: number | null;
};

/** Venues priced by constant product on their stored reserves. */
export const CONSTANT_PRODUCT_VENUES: ReadonlySet<string> = new Set([
  "UNISWAP_V2",
  "PUMPSWAP",
  "RAYDIUM_AMM_V4",
  "RAYDIUM_CPMM",
]);

/** EVM concentrated-liquidity venues whose ticks the node reader walks. */
export const CONCENTRATED_VENUES: ReadonlySet<string> = new Set([
  "UNISWAP_V3",
  "UNISWAP_V4",
  "AERODROME_SLIPSTREAM",
]);

/** How a holding of the pool's base token is valued (see README.md). */
export type SaleMethod = "curve" | "constantProduct" | "concentrated" | "spot";

/** The valuation method of a pool. */
export function saleMethodOf(pool: MainPool, family: "evm" | "solana"): SaleMethod {
  if (pool.isLaunchpad && !pool.migrated) return "curve";
  if (CONSTANT_PRODUCT_VENUES.has(pool.venueType)) return "constantProduct";
  if (family === "evm" && CONCENTRATED_VENUES.has(pool.venueType)) return "concentrated";
  return "spot";
}
