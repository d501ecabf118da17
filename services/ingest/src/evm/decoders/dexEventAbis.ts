import { type AbiEvent, parseAbiItem, toEventSelector } from "viem";

/**
 * The events the EVM ingest decodes, by venue family. Forks with the same event signatures
 * (SushiSwap, PancakeSwap V2, BaseSwap, Slipstream…) reuse these; the factory registry tells
 * them apart.
 */
export const DexEventAbis = {
  v2Swap: parseAbiItem(
    "event Swap(address indexed sender, uint256 amount0In, uint256 amount1In, uint256 amount0Out, uint256 amount1Out, address indexed to)",
  ),
  v2Sync: parseAbiItem("event Sync(uint112 reserve0, uint112 reserve1)"),
  v2Mint: parseAbiItem("event Mint(address indexed sender, uint256 amount0, uint256 amount1)"),
  v2Burn: parseAbiItem(
    "event Burn(address indexed sender, uint256 amount0, uint256 amount1, address indexed to)",
  ),
  v2PairCreated: parseAbiItem(
    "event PairCreated(address indexed token0, address indexed token1, address pair, uint256)",
  ),
  v3Swap: parseAbiItem(
    "event Swap(address indexed sender, address indexed recipient, int256 amount0, int256 amount1, uint160 sqrtPriceX96, uint128 liquidity, int24 tick)",
  ),
  v3Mint: parseAbiItem(
    "event Mint(address sender, address indexed owner, int24 indexed tickLower, int24 indexed tickUpper, uint128 amount, uint256 amount0, uint256 amount1)",
  ),
  v3Burn: parseAbiItem(
    "event Burn(address indexed owner, int24 indexed tickLower, int24 indexed tickUpper, uint128 amount, uint256 amount0, uint256 amount1)",
  ),
  v3Initialize: parseAbiItem("event Initialize(uint160 sqrtPriceX96, int24 tick)"),
  v3PoolCreated: parseAbiItem(
    "event PoolCreated(address indexed token0, address indexed token1, uint24 indexed fee, int24 tickSpacing, address pool)",
  ),
  pancakeV3Swap: parseAbiItem(
    "event Swap(address indexed sender, address indexed recipient, int256 amount0, int256 amount1, uint160 sqrtPriceX96, uint128 liquidity, int24 tick, uint128 protocolFeesToken0, uint128 protocolFeesToken1)",
  ),
  v4Initialize: parseAbiItem(
    "event Initialize(bytes32 indexed id, address indexed currency0, address indexed currency1, uint24 fee, int24 tickSpacing, address hooks, uint160 sqrtPriceX96, int24 tick)",
  ),
  v4Swap: parseAbiItem(
    "event Swap(bytes32 indexed id, address indexed sender, int128 amount0, int128 amount1, uint160 sqrtPriceX96, uint128 liquidity, int24 tick, uint24 fee)",
  ),
  v4ModifyLiquidity: parseAbiItem(
    "event ModifyLiquidity(bytes32 indexed id, address indexed sender, int24 tickLower, int24 tickUpper, int256 liquidityDelta, bytes32 salt)",
  ),
  aeroSwap: parseAbiItem(
    "event Swap(address indexed sender, address indexed to, uint256 amount0In, uint256 amount1In, uint256 amount0Out, uint256 amount1Out)",
  ),
  aeroSync: parseAbiItem("event Sync(uint256 reserve0, uint256 reserve1)"),
  aeroBurn: parseAbiItem(
    "event Burn(address indexed sender, address indexed to, uint256 amount0, uint256 amount1)",
  ),
  aeroPoolCreated: parseAbiItem(
    "event PoolCreated(address indexed token0, address indexed token1, bool indexed stable, address pool, uint256)",
  ),
  slipstreamPoolCreated: parseAbiItem(
    "event PoolCreated(address indexed token0, address indexed token1, int24 indexed tickSpacing, address pool)",
  ),
  userOperationEvent: parseAbiItem(
    "event UserOperationEvent(bytes32 indexed userOpHash, address indexed sender, address indexed paymaster, uint256 nonce, bool success, uint256 actualGasCost, uint256 actualGasUsed)",
  ),
} as const satisfies Record<string, AbiEvent>;

export type DexEventName = keyof typeof DexEventAbis;

/** topic0 of every event above. */
export const DexTopics = Object.fromEntries(
  Object.entries(DexEventAbis).map(([k, v]) => [k, toEventSelector(v)]),
) as Record<DexEventName, `0x${string}`>;
