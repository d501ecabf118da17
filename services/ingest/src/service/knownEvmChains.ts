import { MULTICALL3 } from "../evm/EvmChainConfig.ts";

/** What the ingest service knows about a well-known EVM chain without being told. Addresses lowercase. */
export type KnownEvmChain = {
  /** display name written to the `chains` registry */
  name: string;
  native: { name: string; symbol: string; decimals: number };
  /** the wrapped native token (WETH, WBNB) */
  wrappedNative: string;
  /** canonical USD stablecoins (native USDC, bridged USDC, USDT) */
  stablecoins: string[];
  /** OP-stack chain: receipts carry an L1 data fee */
  opStack: boolean;
  /** head polling interval, about the chain's block time */
  pollIntervalMs: number;
  multicall3: string | null;
};

const ETH = { name: "Ether", symbol: "ETH", decimals: 18 };

/**
 * Defaults of the EVM chains a Chain resource can name without further settings, by EIP-155 id.
 * Another chain needs WRAPPED_NATIVE (and usually STABLECOINS) in the worker's environment.
 */
export const KNOWN_EVM_CHAINS: Readonly<Record<number, KnownEvmChain>> = {
  1: {
    name: "Ethereum",
    native: ETH,
    wrappedNative: "0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2",
    stablecoins: [
      "0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48", // USDC
      "0xdac17f958d2ee523a2206206994597c13d831ec7", // USDT
    ],
    opStack: false,
    pollIntervalMs: 2000,
    multicall3: MULTICALL3,
  },
  8453: {
    name: "Base",
    native: ETH,
    wrappedNative: "0x4200000000000000000000000000000000000006",
    stablecoins: [
      "0x833589fcd6edb6e08f4c7c32d4f71b54bda02913", // USDC
      "0xd9aaec86b65d86f6a7b5b1b0c42ffa531710b6ca", // USDbC (bridged)
      "0xfde4c96c8593536e31f229ea8f37b2ada2699bb2", // USDT
    ],
    opStack: true,
    pollIntervalMs: 500,
    multicall3: MULTICALL3,
  },
  10: {
    name: "Optimism",
    native: ETH,
    wrappedNative: "0x4200000000000000000000000000000000000006",
    stablecoins: [
      "0x0b2c639c533813f4aa9d7837caf62653d097ff85", // USDC
      "0x7f5c764cbc14f9669b88837ca1490cca17c31607", // USDC.e (bridged)
      "0x94b008aa00579c1307b0ef2c499ad98a8ce58e58", // USDT
    ],
    opStack: true,
    pollIntervalMs: 500,
    multicall3: MULTICALL3,
  },
  42161: {
    name: "Arbitrum One",
    native: ETH,
    wrappedNative: "0x82af49447d8a07e3bd95bd0d56f35241523fbab1",
    stablecoins: [
      "0xaf88d065e77c8cc2239327c5edb3a432268e5831", // USDC
      "0xff970a61a04b1ca14834a43f5de4533ebddb5cc8", // USDC.e (bridged)
      "0xfd086bc7cd5c481dcc9c85ebe478a1c0b69fcbb9", // USDT
    ],
    opStack: false,
    pollIntervalMs: 250,
    multicall3: MULTICALL3,
  },
  56: {
    name: "BNB Smart Chain",
    native: { name: "BNB", symbol: "BNB", decimals: 18 },
    wrappedNative: "0xbb4cdb9cbd36b01bd1cbaebf2de08d9173bc095c",
    stablecoins: [
      "0x55d398326f99059ff775485246999027b3197955", // USDT
      "0x8ac76a51cc950d9822d68b83fe1ad97b32cd580d", // USDC
    ],
    opStack: false,
    pollIntervalMs: 1000,
    multicall3: MULTICALL3,
  },
};
