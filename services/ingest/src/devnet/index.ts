/**
 * The local devnet (anvil, the Uniswap deployment, the market simulator) for the dev stack and
 * `make cluster`: kept out of the ingest's public entry, which the container runs.
 */
export * from "./createDevnetClient.ts";
export * from "./createMarketSimulator.ts";
export * from "./DevnetDeployment.ts";
export * from "./deployUniswap.ts";
export * from "./devnetEvmConfig.ts";
export * from "./startAnvil.ts";
