import type { EvmChainConfig } from "../evm/EvmChainConfig.ts";
import type { RpcEndpointConfig } from "../rpc/createRpcClient.ts";
import type { DevnetDeployment } from "./DevnetDeployment.ts";

/** The EVM ingest configuration of a devnet deployment (its factories, WETH, USDC). */
export function devnetEvmConfig(
  deployment: DevnetDeployment,
  endpoints: RpcEndpointConfig[],
  overrides: Partial<EvmChainConfig> = {},
): EvmChainConfig {
  const c = deployment.contracts;
  return {
    chain: `evm:${deployment.chainId}`,
    endpoints,
    wrappedNative: deployment.weth,
    stablecoins: [deployment.usdc],
    factories: [
      {
        factory: c.uniswapV2Factory,
        venueType: "UNISWAP_V2",
        exchangeName: "Uniswap V2",
        logoUrl: null,
        feeBps: 30,
      },
      {
        factory: c.uniswapV3Factory,
        venueType: "UNISWAP_V3",
        exchangeName: "Uniswap V3",
        logoUrl: null,
        feeBps: null,
      },
      {
        factory: c.uniswapV4PoolManager,
        venueType: "UNISWAP_V4",
        exchangeName: "Uniswap V4",
        logoUrl: null,
        feeBps: null,
      },
    ],
    finalityDepth: 64,
    opStack: false,
    maxBlockRange: 50,
    pollIntervalMs: 50,
    relayers: [],
    multicall3: null,
    startBlock: deployment.startBlock,
    ...overrides,
  };
}
