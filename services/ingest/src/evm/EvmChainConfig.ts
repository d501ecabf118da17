import type { ChainId } from "@tapeline/core";
import type { RpcEndpointConfig } from "../rpc/createRpcClient.ts";
import type { FactoryInfo } from "./factoryRegistry.ts";

/** The native coin's address across Tapeline (and in V4 pool keys). */
export const NATIVE_ADDRESS = "0x0000000000000000000000000000000000000000";

/** Known ERC-4337 EntryPoint contracts (v0.6, v0.7, v0.8), same address on every chain. */
export const ENTRY_POINTS: readonly string[] = [
  "0x5ff137d4b0fdcd49dca30c7cf57e578a026d2789",
  "0x0000000071727de22e5e9d8baf0edac6f37da032",
  "0x4337084d9e255ff0702461cf8895ce9e3b5ff108",
];

/** CoW Protocol's settlement contract (same address on every chain it runs on). */
export const COW_SETTLEMENT = "0x9008d19f58aabd9ed0d60971565aa8510560ab41";

/** What the EVM ingest needs to know about one chain. Addresses lowercase. */
export type EvmChainConfig = {
  chain: ChainId;
  endpoints: RpcEndpointConfig[];
  /** the wrapped native token (WETH, WBNB…); counts as the native coin for pricing */
  wrappedNative: string;
  /** canonical USD stablecoins of the chain (the registry's `stablecoins` rows) */
  stablecoins: string[];
  /** factories beyond the built-in ones (devnet, new forks) */
  factories: FactoryInfo[];
  /** the venue types whose logs are fetched; absent = every registered decoder */
  enabledVenues?: string[];
  /** blocks after which a block is final; a deeper reorg stops the worker */
  finalityDepth: number;
  /** OP-stack chain: receipts carry an L1 data fee (`l1Fee`) paid on top of L2 gas */
  opStack: boolean;
  /** most blocks per eth_getLogs call / ingest step */
  maxBlockRange: number;
  /** head polling interval */
  pollIntervalMs: number;
  /**
   * Relayer/solver contracts or senders whose swaps are made for someone else: when the
   * transaction goes to (or comes from) one of these, the swap's recipient is the maker.
   */
  relayers: string[];
  /** Multicall3 address, when deployed (batched eth_calls are used otherwise) */
  multicall3: string | null;
  /** where to look for the Initialize log of a V4 pool first seen through a swap (the PoolManager's deploy block) */
  v4InitializeSearchFrom?: bigint;
  /** first block to ingest when no checkpoint exists */
  startBlock: bigint;
};

export const MULTICALL3 = "0xca11bde05977b3631167028862be2a173976ca11";
