import type { ChainId } from "./chainId.ts";

/** Venue type identifiers, upper snake case (served as `pool.type`). */
export type VenueType =
  | "UNISWAP_V2"
  | "UNISWAP_V3"
  | "UNISWAP_V4"
  | "AERODROME_V2"
  | "AERODROME_SLIPSTREAM"
  | "PUMPFUN"
  | "PUMPSWAP"
  | "RAYDIUM_AMM_V4"
  | "RAYDIUM_CPMM"
  | "RAYDIUM_CLMM"
  | "RAYDIUM_LAUNCHLAB"
  | "ORCA_WHIRLPOOL"
  | "METEORA_DLMM"
  | "METEORA_DAMM_V1"
  | "METEORA_DAMM_V2"
  | "METEORA_DBC"
  | (string & {});

/** The distribution key of market tables: `<chain>/<pool>`. */
export function marketKey(chain: ChainId, pool: string): string {
  return `${chain}/${pool}`;
}

/**
 * One trade as the writer stores it. Amounts are raw integers; prices and native volumes are
 * exact decimal strings (whole units). On EVM `id` is `<txHash>:<logIndex>`; on Solana it is
 * `<signature>:<instruction path>:<side>`.
 */
export type TradeRecord = {
  chain: ChainId;
  pool: string;
  id: string;
  txHash: string;
  block: bigint;
  logIndex: number;
  at: number;
  maker: string;
  isBuy: boolean;
  tokenAddress: string;
  quoteAddress: string;
  amountToken: bigint;
  amountQuote: bigint;
  /** whole quote units per whole token */
  priceQuote: string | null;
  /** whole native units per whole token */
  priceNative: string | null;
  /** whole native units traded */
  volumeNative: string | null;
  /** whole native units paid in fees by the transaction */
  feesNative: string | null;
  isWash: boolean | null;
  preconfirmed: boolean;
  router: { programId: string; name: string | null } | null;
};

/** Pool state as the writer upserts it. Absent fields keep their stored value. */
export type PoolRecord = {
  chain: ChainId;
  address: string;
  venueType: VenueType;
  factory: string | null;
  exchangeName?: string | null;
  feeBps?: number | null;
  token0: string;
  token1: string;
  tokenAddress: string;
  quoteAddress: string;
  launchpad?: string | null;
  isLaunchpad?: boolean;
  bondingProgress?: number | null;
  migrated?: boolean;
  graduatedAt?: number | null;
  creator?: string | null;
  reserve0?: bigint | null;
  reserve1?: bigint | null;
  liquidity?: bigint | null;
  sqrtPriceX96?: bigint | null;
  tick?: number | null;
  priceNative?: string | null;
  priceQuote?: string | null;
  liquidityNative?: string | null;
  createdAt?: number | null;
  createdBlock?: bigint | null;
  updatedBlock?: bigint | null;
};

/** Token facts as the writer upserts them. Unknown stays null; nothing is invented. */
export type TokenRecord = {
  chain: ChainId;
  address: string;
  name: string | null;
  symbol: string | null;
  decimals: number | null;
  totalSupply: bigint | null;
  deployer?: string | null;
  createdAt?: number | null;
  metadata?: Record<string, unknown>;
};

/** A chain as listed by `GET /v1/meta/chains` and stored in `chains`. */
export type ChainRecord = {
  chain: ChainId;
  name: string;
  slug: string;
  family: "evm" | "solana";
  nativeSymbol: string;
  nativeDecimals: number;
  finalityDepth: number;
  status: string;
};
