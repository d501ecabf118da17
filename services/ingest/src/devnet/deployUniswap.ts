import { type Address, parseEther, zeroAddress } from "viem";
import type { DevnetClient } from "./createDevnetClient.ts";
import { createTxSender } from "./createTxSender.ts";
import { createUniswapV2Actions } from "./createUniswapV2Actions.ts";
import { createUniswapV3Actions } from "./createUniswapV3Actions.ts";
import { createUniswapV4Actions } from "./createUniswapV4Actions.ts";
import type { DevnetContracts, DevnetDeployment, DevnetPool, DevnetToken } from "./DevnetDeployment.ts";
import { deployDevnetToken } from "./deployDevnetToken.ts";
import { NATIVE } from "./devnetConstants.ts";
import { loadDevnetArtifacts } from "./loadDevnetArtifacts.ts";
import { tokenAmountForUsd } from "./tokenAmountForUsd.ts";

/** USD price the native coin and WETH are seeded at. */
export const DEVNET_ETH_PRICE_USD = 3000;

const SEED_TOKENS = [
  { symbol: "USDC", name: "USD Coin", decimals: 6, priceUsd: 1 },
  { symbol: "WBTC", name: "Wrapped BTC", decimals: 8, priceUsd: 60_000 },
  { symbol: "LINK", name: "ChainLink Token", decimals: 18, priceUsd: 15 },
  { symbol: "UNI", name: "Uniswap", decimals: 18, priceUsd: 8 },
  { symbol: "PEPE", name: "Pepe", decimals: 18, priceUsd: 0.00001 },
] as const;

type SeedSymbol = (typeof SEED_TOKENS)[number]["symbol"] | "WETH" | "ETH";

type SeedPool =
  | { venue: "UNISWAP_V2"; a: SeedSymbol; b: SeedSymbol; usdPerSide: number }
  | { venue: "UNISWAP_V3"; a: SeedSymbol; b: SeedSymbol; usdPerSide: number; fee: number }
  | {
      venue: "UNISWAP_V4";
      a: SeedSymbol;
      b: SeedSymbol;
      usdPerSide: number;
      fee: number;
      tickSpacing: number;
    };

// "ETH" is the native coin (V4 only); V2 and V3 hold WETH. WETH/USDC is the deepest market on each venue.
const SEED_POOLS: SeedPool[] = [
  { venue: "UNISWAP_V2", a: "WETH", b: "USDC", usdPerSide: 6_000_000 },
  { venue: "UNISWAP_V2", a: "LINK", b: "WETH", usdPerSide: 500_000 },
  { venue: "UNISWAP_V2", a: "UNI", b: "USDC", usdPerSide: 300_000 },
  { venue: "UNISWAP_V2", a: "PEPE", b: "WETH", usdPerSide: 200_000 },
  { venue: "UNISWAP_V2", a: "WBTC", b: "WETH", usdPerSide: 1_000_000 },
  { venue: "UNISWAP_V3", a: "WETH", b: "USDC", fee: 500, usdPerSide: 5_000_000 },
  { venue: "UNISWAP_V3", a: "WETH", b: "USDC", fee: 3000, usdPerSide: 1_000_000 },
  { venue: "UNISWAP_V3", a: "WBTC", b: "USDC", fee: 3000, usdPerSide: 1_000_000 },
  { venue: "UNISWAP_V3", a: "LINK", b: "WETH", fee: 3000, usdPerSide: 500_000 },
  { venue: "UNISWAP_V3", a: "UNI", b: "WETH", fee: 10_000, usdPerSide: 200_000 },
  { venue: "UNISWAP_V3", a: "PEPE", b: "USDC", fee: 10_000, usdPerSide: 200_000 },
  { venue: "UNISWAP_V4", a: "ETH", b: "USDC", fee: 500, tickSpacing: 10, usdPerSide: 2_000_000 },
  { venue: "UNISWAP_V4", a: "WBTC", b: "ETH", fee: 3000, tickSpacing: 60, usdPerSide: 500_000 },
  { venue: "UNISWAP_V4", a: "LINK", b: "USDC", fee: 3000, tickSpacing: 60, usdPerSide: 300_000 },
  { venue: "UNISWAP_V4", a: "PEPE", b: "ETH", fee: 10_000, tickSpacing: 200, usdPerSide: 150_000 },
];

const SETUP_GAS = 15_000_000n;

/** Share of a V3/V4 seed pool's liquidity placed in a range around the price; the rest is full range. */
const CONCENTRATED_SHARE = 0.3;
/** Half-width of that range in ticks (about ±22% in price). */
const CONCENTRATED_WIDTH_TICKS = 2000;

/**
 * Deploys Uniswap V2, V3 and V4 with their published bytecode, a set of ERC-20s, and seeded pools,
 * from the client's account (anvil's first dev account by default). Returns every address and ABI.
 *
 * Deployed, in this order (so addresses are the same on every fresh node):
 * - WETH9 (`@uniswap/v2-periphery` build)
 * - UniswapV2Factory (`@uniswap/v2-core`), UniswapV2Router02 (`@uniswap/v2-periphery`; its pair init
 *   code hash matches the v2-core pair bytecode, which is checked by use: pairs are created through
 *   the factory and read back with `getPair`)
 * - UniswapV3Factory (`@uniswap/v3-core`, fee tiers 500/3000/10000), SwapRouter and
 *   NonfungiblePositionManager (`@uniswap/v3-periphery`, token descriptor left unset: `tokenURI` reverts)
 * - PoolManager (`@uniswap/v4-core`, owner = deployer) and v4-core's PoolSwapTest and
 *   PoolModifyLiquidityTest routers (the package ships no production V4 router)
 * - tokens: USDC (6 decimals) and WBTC (8) as solmate MockERC20 (v4-core build); LINK, UNI, PEPE
 *   (18) as OpenZeppelin 4 ERC20PresetMinterPauser; the deployer holds a large supply of each
 * - pools: V2 WETH/USDC (deep, $6M a side), LINK/WETH, UNI/USDC, PEPE/WETH, WBTC/WETH; V3 WETH/USDC
 *   0.05% (deep) and 0.3%, WBTC/USDC 0.3%, LINK/WETH 0.3%, UNI/WETH 1%, PEPE/USDC 1%; V4 ETH/USDC
 *   0.05% (native ETH), WBTC/ETH 0.3%, LINK/USDC 0.3%, PEPE/ETH 1%. Prices follow the seed USD prices
 *   (ETH 3000, WBTC 60000, LINK 15, UNI 8, PEPE 0.00001); V3/V4 pools hold a full-range position
 *   plus a ±2000-tick one.
 *
 * Works on automining and interval-mining nodes (on the latter it mines each setup transaction
 * itself). Uses anvil's `anvil_setBalance` to give the deployer enough ETH.
 * @throws DevnetError when an artifact is missing or a setup transaction fails.
 */
export async function deployUniswap(client: DevnetClient): Promise<DevnetDeployment> {
  const artifacts = loadDevnetArtifacts();
  const automine = await client.getAutomine();
  // Setup transactions each get a block of their own (automine, or mined here), so a fixed gas limit
  // below the block's replaces one estimate per transaction.
  const sender = createTxSender(client, client.account.address, {
    mineEachTx: !automine,
    fixedGas: SETUP_GAS,
  });
  const deployer = sender.address;
  await client.setBalance({ address: deployer, value: parseEther("1000000") });
  const startBlock = (await client.getBlockNumber()) + 1n;

  const weth9 = await sender.deploy(artifacts.weth9, [], "deploy WETH9");
  const uniswapV2Factory = await sender.deploy(artifacts.uniswapV2Factory, [deployer], "deploy V2 factory");
  const uniswapV2Router02 = await sender.deploy(
    artifacts.uniswapV2Router02,
    [uniswapV2Factory, weth9],
    "V2 router",
  );
  const uniswapV3Factory = await sender.deploy(artifacts.uniswapV3Factory, [], "deploy V3 factory");
  const uniswapV3SwapRouter = await sender.deploy(
    artifacts.uniswapV3SwapRouter,
    [uniswapV3Factory, weth9],
    "deploy V3 SwapRouter",
  );
  const uniswapV3PositionManager = await sender.deploy(
    artifacts.uniswapV3PositionManager,
    [uniswapV3Factory, weth9, zeroAddress],
    "deploy V3 NonfungiblePositionManager",
  );
  const uniswapV4PoolManager = await sender.deploy(
    artifacts.uniswapV4PoolManager,
    [deployer],
    "V4 PoolManager",
  );
  const uniswapV4PoolSwapTest = await sender.deploy(
    artifacts.uniswapV4PoolSwapTest,
    [uniswapV4PoolManager],
    "deploy V4 PoolSwapTest",
  );
  const uniswapV4PoolModifyLiquidityTest = await sender.deploy(
    artifacts.uniswapV4PoolModifyLiquidityTest,
    [uniswapV4PoolManager],
    "deploy V4 PoolModifyLiquidityTest",
  );
  const contracts: DevnetContracts = {
    weth9,
    uniswapV2Factory,
    uniswapV2Router02,
    uniswapV3Factory,
    uniswapV3SwapRouter,
    uniswapV3PositionManager,
    uniswapV4PoolManager,
    uniswapV4PoolSwapTest,
    uniswapV4PoolModifyLiquidityTest,
  };

  const tokens: DevnetToken[] = [
    {
      address: weth9,
      name: "Wrapped Ether",
      symbol: "WETH",
      decimals: 18,
      implementation: "WETH9",
      seedPriceUsd: DEVNET_ETH_PRICE_USD,
    },
  ];
  for (const spec of SEED_TOKENS) {
    const supply = tokenAmountForUsd(10_000_000_000, spec.priceUsd, spec.decimals);
    tokens.push(await deployDevnetToken(sender, artifacts, { ...spec, supply, seedPriceUsd: spec.priceUsd }));
  }
  await sender.write(
    { address: weth9, abi: artifacts.weth9.abi, functionName: "deposit", value: parseEther("20000") },
    "wrap ETH",
  );

  const abis = Object.fromEntries(
    Object.entries(artifacts).map(([name, artifact]) => [name, artifact.abi]),
  ) as DevnetDeployment["abis"];
  const bySymbol = new Map(tokens.map((t) => [t.symbol, t]));
  const usdc = bySymbol.get("USDC")!.address;
  const deployment: DevnetDeployment = {
    chainId: client.chain.id,
    deployer,
    startBlock,
    endBlock: startBlock,
    contracts,
    abis,
    tokens,
    weth: weth9,
    usdc,
    pools: [],
  };

  const v2 = createUniswapV2Actions(client, deployment);
  const v3 = createUniswapV3Actions(client, deployment);
  const v4 = createUniswapV4Actions(client, deployment);
  const side = (symbol: SeedSymbol, usd: number): { address: Address; amount: bigint } => {
    if (symbol === "ETH")
      return { address: NATIVE, amount: tokenAmountForUsd(usd, DEVNET_ETH_PRICE_USD, 18) };
    const token = bySymbol.get(symbol)!;
    return { address: token.address, amount: tokenAmountForUsd(usd, token.seedPriceUsd, token.decimals) };
  };
  const pools: DevnetPool[] = [];
  for (const seed of SEED_POOLS) {
    const a = side(seed.a, seed.usdPerSide);
    const b = side(seed.b, seed.usdPerSide);
    const full = (x: bigint) => (x * BigInt(Math.round((1 - CONCENTRATED_SHARE) * 1000))) / 1000n;
    const rest = (x: bigint) => x - full(x);
    if (seed.venue === "UNISWAP_V2") {
      const req = {
        tokenA: a.address,
        tokenB: b.address,
        amountA: a.amount,
        amountB: b.amount,
        nativeEth: true,
      };
      pools.push(await v2.createPool(sender, req));
      continue;
    }
    const req = { tokenA: a.address, tokenB: b.address, amountA: full(a.amount), amountB: full(b.amount) };
    const [amount0, amount1] = a.address < b.address ? [a.amount, b.amount] : [b.amount, a.amount];
    if (seed.venue === "UNISWAP_V3") {
      const { pool } = await v3.createPool(sender, { ...req, fee: seed.fee });
      await v3.addLiquidity(sender, pool, rest(amount0), rest(amount1), CONCENTRATED_WIDTH_TICKS);
      pools.push(pool);
    } else {
      const { pool } = await v4.createPool(sender, { ...req, fee: seed.fee, tickSpacing: seed.tickSpacing });
      await v4.addLiquidity(sender, pool, rest(amount0), rest(amount1), CONCENTRATED_WIDTH_TICKS);
      pools.push(pool);
    }
  }
  return { ...deployment, pools, endBlock: await client.getBlockNumber() };
}
