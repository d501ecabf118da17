import { type Address, parseEther } from "viem";
import { compileDevnetContracts } from "./compileDevnetContracts.ts";
import type { DevnetClient } from "./createDevnetClient.ts";
import type { TxSender } from "./createTxSender.ts";
import type { DevnetDeployment, DevnetPool, V4PoolKey } from "./DevnetDeployment.ts";
import { DEADLINE, NATIVE } from "./devnetConstants.ts";
import { ensureAllowance } from "./ensureAllowance.ts";

/** One hop of a routed swap, as `DevnetRouter.swap` takes it. */
type Hop = { kind: 2 | 3 | 4; pool: Address; key: V4PoolKey; tokenIn: Address; tokenOut: Address };

/** A named path through the devnet's pools, from its first hop's input to its last hop's output. */
export type DevnetRoute = { name: string; hops: Hop[] };

/** The devnet's aggregator-style router, a fee-on-transfer token with its WETH pair, and the routes. */
export type DevnetRouting = {
  router: Address;
  feeToken: Address;
  /** the fee-on-transfer token's fee collector */
  feeCollector: Address;
  routes: DevnetRoute[];
  /** Swaps `amountIn` of the route's first input along it for `sender`, paying native ETH when the route starts with it. */
  swap(sender: TxSender, route: DevnetRoute, amountIn: bigint): Promise<void>;
};

const NO_KEY: V4PoolKey = { currency0: NATIVE, currency1: NATIVE, fee: 0, tickSpacing: 0, hooks: NATIVE };
/** Fee kept by the fee-on-transfer token, in basis points. */
const FEE_BPS = 300n;

/**
 * Deploys the devnet's own router (`contracts/DevnetRouter.sol`: exact-input swaps across V2
 * pairs, V3 pools and V4 pools, holding each hop's output) and a 3% fee-on-transfer token with a
 * FOT/WETH V2 pair, and lays out routes over the seed pools: V2 → V3 → V4 ending in native ETH,
 * its reverse paying ETH, one through WETH into a native V4 pool, and the fee token both ways.
 */
export async function createDevnetRouting(
  client: DevnetClient,
  deployment: DevnetDeployment,
  deployer: TxSender,
): Promise<DevnetRouting> {
  const compiled = compileDevnetContracts();
  const c = deployment.contracts;
  const router = await deployer.deploy(compiled.router, [c.weth9, c.uniswapV4PoolManager], "deploy router");
  const feeCollector: Address = "0x00000000000000000000000000000000000fee01";
  const feeToken = await deployer.deploy(
    compiled.feeOnTransferToken,
    ["Taxed Token", "TAX", FEE_BPS, feeCollector, parseEther("100000000")],
    "deploy fee-on-transfer token",
  );
  await ensureAllowance(client, deployer, compiled.feeOnTransferToken.abi, feeToken, c.uniswapV2Router02, 1n);
  await deployer.write(
    {
      address: c.uniswapV2Router02,
      abi: deployment.abis.uniswapV2Router02,
      functionName: "addLiquidityETH",
      args: [feeToken, parseEther("10000000"), 0n, 0n, deployer.address, DEADLINE],
      value: parseEther("300"),
    },
    "seed TAX/WETH",
  );
  const pair = String(
    await client.readContract({
      address: c.uniswapV2Factory,
      abi: deployment.abis.uniswapV2Factory,
      functionName: "getPair",
      args: [feeToken, deployment.weth],
    }),
  ).toLowerCase() as Address;

  const symbol = (s: string) => {
    if (s === "ETH") return NATIVE;
    const t = deployment.tokens.find((x) => x.symbol === s);
    if (!t) throw new Error(`no seed token ${s}`);
    return t.address;
  };
  const poolOf = (venue: DevnetPool["venue"], a: Address, b: Address): DevnetPool => {
    const p = deployment.pools.find(
      (x) => x.venue === venue && ((x.token0 === a && x.token1 === b) || (x.token0 === b && x.token1 === a)),
    );
    if (!p) throw new Error(`no seed ${venue} pool ${a}/${b}`);
    return p;
  };
  const hop = (venue: DevnetPool["venue"], tokenIn: string, tokenOut: string): Hop => {
    const [a, b] = [symbol(tokenIn), symbol(tokenOut)];
    const p = poolOf(venue, a, b);
    const kind = venue === "UNISWAP_V2" ? 2 : venue === "UNISWAP_V3" ? 3 : 4;
    return {
      kind,
      pool: p.venue === "UNISWAP_V4" ? NATIVE : p.address,
      key: p.venue === "UNISWAP_V4" ? p.key : NO_KEY,
      tokenIn: a,
      tokenOut: b,
    };
  };
  const fee = (tokenIn: Address, tokenOut: Address): Hop => ({
    kind: 2,
    pool: pair,
    key: NO_KEY,
    tokenIn,
    tokenOut,
  });
  const routes: DevnetRoute[] = [
    {
      name: "UNI>USDC>WBTC>ETH",
      hops: [
        hop("UNISWAP_V2", "UNI", "USDC"),
        hop("UNISWAP_V3", "USDC", "WBTC"),
        hop("UNISWAP_V4", "WBTC", "ETH"),
      ],
    },
    {
      name: "ETH>WBTC>USDC>UNI",
      hops: [
        hop("UNISWAP_V4", "ETH", "WBTC"),
        hop("UNISWAP_V3", "WBTC", "USDC"),
        hop("UNISWAP_V2", "USDC", "UNI"),
      ],
    },
    {
      name: "LINK>WETH>USDC>ETH",
      hops: [
        hop("UNISWAP_V2", "LINK", "WETH"),
        hop("UNISWAP_V3", "WETH", "USDC"),
        hop("UNISWAP_V4", "USDC", "ETH"),
      ],
    },
    { name: "TAX>WETH", hops: [fee(feeToken, deployment.weth)] },
    { name: "WETH>TAX", hops: [fee(deployment.weth, feeToken)] },
    { name: "ETH>TAX", hops: [{ ...fee(deployment.weth, feeToken) }] },
    { name: "TAX>WETH>USDC", hops: [fee(feeToken, deployment.weth), hop("UNISWAP_V3", "WETH", "USDC")] },
  ];
  const tokenAbi = compiled.feeOnTransferToken.abi;
  return {
    router,
    feeToken,
    feeCollector,
    routes,
    async swap(sender, route, amountIn) {
      const first = route.hops[0]!.tokenIn;
      const payEth = route.name.startsWith("ETH>");
      if (!payEth) await ensureAllowance(client, sender, tokenAbi, first, router, amountIn);
      await sender.write(
        {
          address: router,
          abi: compiled.router.abi,
          functionName: "swap",
          args: [route.hops, amountIn, 0n, sender.address],
          ...(payEth ? { value: amountIn } : {}),
        },
        `route ${route.name}`,
      );
    },
  };
}
