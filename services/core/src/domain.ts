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
 * The distribution key of wallet tables: `<chain>/<wallet>`, so one wallet's history lives on one
 * shard (and one Citus shard).
 */
export function walletKey(chain: ChainId, wallet: string): string {
  return `${chain}/${wallet}`;
}

/** An asset moved in a wallet swap: raw integer amount (positive). */
export type WalletSwapAsset = { tokenAddress: string; amount: bigint };

/** A routing program (Solana): `name` when it is a known router. */
export type SwapRouter = { programId: string; name: string | null };

/** One pool a wallet swap went through, with the exact assets that pool exchanged. */
export type WalletSwapLeg = {
  poolAddress: string;
  poolType: VenueType;
  sent: WalletSwapAsset;
  received: WalletSwapAsset;
  /** Solana: the program that carried the leg, null for a direct swap; EVM: undefined */
  router?: SwapRouter | null;
};

/**
 * One transaction's swaps seen from the wallet that made them (the trades' resolved maker).
 * `sent` and `received` are the wallet's net balance changes of the route's end assets (native
 * and wrapped native as one asset); `route` is ordered from the sent to the received asset.
 * `seq` orders transactions inside a block (the first swap's log or instruction index).
 */
export type WalletSwapRecord = {
  chain: ChainId;
  wallet: string;
  txHash: string;
  block: bigint;
  seq: number;
  at: number;
  sent: WalletSwapAsset[];
  received: WalletSwapAsset[];
  route: WalletSwapLeg[];
  /** whole native units: the value of the swap, never counting a multi-hop twice */
  volumeNative: string | null;
  feesNative: string | null;
  /** Solana: the router of the largest routed leg, null for a direct swap; EVM: undefined */
  router?: SwapRouter | null;
};

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
  /** the time of `updatedBlock`, ms, when the ingest knows it (the liquidity history's clock) */
  updatedAt?: number | null;
};

/** Token facts as the writer upserts them. Unknown stays null; nothing is invented. */
export type TokenRecord = {
  chain: ChainId;
  address: string;
  name: string | null;
  symbol: string | null;
  decimals: number | null;
  totalSupply: bigint | null;
  /** who created the token: the deploy transaction's sender (EVM: see findContractCreations) */
  deployer?: string | null;
  /** creation time, ms */
  createdAt?: number | null;
  /** creation block (Solana: slot) */
  createdBlock?: bigint | null;
  /** the creating transaction (Solana: signature) */
  createdTx?: string | null;
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
