import type { Abi, Address, Hex } from "viem";
import type { DevnetContractName } from "./loadDevnetArtifacts.ts";

/** An ERC-20 on the devnet. Addresses are lowercase. */
export type DevnetToken = {
  address: Address;
  name: string;
  symbol: string;
  decimals: number;
  /**
   * Which published bytecode backs it: WETH9 (v2-periphery build), OpenZeppelin 4's
   * ERC20PresetMinterPauser (always 18 decimals), or solmate's MockERC20 from v4-core's build
   * (any decimals; OpenZeppelin's preset cannot have other than 18).
   */
  implementation: "WETH9" | "ERC20PresetMinterPauser" | "MockERC20";
  /** USD price its seed pools were priced at; a sizing hint for the simulator, not market data. */
  seedPriceUsd: number;
};

/** Fields every devnet pool has. `fee` is in Uniswap's unit, hundredths of a bip (3000 = 0.3%). */
type DevnetPoolBase = {
  /** Pool address (V2, V3) or pool id (V4), lowercase hex. */
  id: Hex;
  /** Sorted: token0 < token1. On V4 the zero address is the native coin. */
  token0: Address;
  token1: Address;
  fee: number;
  /** Block of the pool's creation event. */
  createdBlock: bigint;
};

/** A Uniswap V2 pair (created through the factory; its address read back with `getPair`). */
export type DevnetV2Pool = DevnetPoolBase & { venue: "UNISWAP_V2"; address: Address };

/** A Uniswap V3 pool (address read back with the factory's `getPool`). */
export type DevnetV3Pool = DevnetPoolBase & { venue: "UNISWAP_V3"; address: Address; tickSpacing: number };

/** Uniswap V4 `PoolKey`. */
export type V4PoolKey = {
  currency0: Address;
  currency1: Address;
  fee: number;
  tickSpacing: number;
  hooks: Address;
};

/** A Uniswap V4 pool: state lives in the singleton PoolManager (`address`), keyed by `id` (the PoolId). */
export type DevnetV4Pool = DevnetPoolBase & {
  venue: "UNISWAP_V4";
  address: Address;
  tickSpacing: number;
  hooks: Address;
  key: V4PoolKey;
};

/** Any devnet pool; switch on `venue`. */
export type DevnetPool = DevnetV2Pool | DevnetV3Pool | DevnetV4Pool;

/** Addresses of the devnet's singleton contracts, lowercase. */
export type DevnetContracts = {
  weth9: Address;
  uniswapV2Factory: Address;
  uniswapV2Router02: Address;
  uniswapV3Factory: Address;
  uniswapV3SwapRouter: Address;
  uniswapV3PositionManager: Address;
  uniswapV4PoolManager: Address;
  /** v4-core's PoolSwapTest router (v4-core ships no production router). */
  uniswapV4PoolSwapTest: Address;
  /** v4-core's PoolModifyLiquidityTest router. */
  uniswapV4PoolModifyLiquidityTest: Address;
};

/** Everything {@link deployUniswap} put on chain. All addresses lowercase. */
export type DevnetDeployment = {
  chainId: number;
  /** Account that deployed everything and holds the tokens' minter rights. */
  deployer: Address;
  /** Block of the first deployment transaction: where an indexer should start. */
  startBlock: bigint;
  /** Block of the last seeding transaction. */
  endBlock: bigint;
  contracts: DevnetContracts;
  /** ABIs from the same artifacts as the deployed bytecode (pair, pool and token ABIs included). */
  abis: Record<DevnetContractName, Abi>;
  /** Seed tokens, WETH first. */
  tokens: DevnetToken[];
  /** Address of WETH9 (also in `tokens`). */
  weth: Address;
  /** Address of the 6-decimal USD stablecoin "USDC" (also in `tokens`). */
  usdc: Address;
  /** Seed pools with liquidity. */
  pools: DevnetPool[];
};
