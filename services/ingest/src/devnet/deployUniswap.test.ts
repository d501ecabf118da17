import { erc20Abi, type Hex, keccak256, parseAbi, parseAbiItem, toHex } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDevnetClient, type DevnetClient } from "./createDevnetClient.ts";
import type { DevnetDeployment } from "./DevnetDeployment.ts";
import { deployUniswap } from "./deployUniswap.ts";
import { type AnvilHandle, startAnvil } from "./startAnvil.ts";

const pairCreated = parseAbiItem(
  "event PairCreated(address indexed token0, address indexed token1, address pair, uint256 allPairsLength)",
);
const poolCreated = parseAbiItem(
  "event PoolCreated(address indexed token0, address indexed token1, uint24 indexed fee, int24 tickSpacing, address pool)",
);
const v4Initialize = parseAbiItem(
  "event Initialize(bytes32 indexed id, address indexed currency0, address indexed currency1, uint24 fee, int24 tickSpacing, address hooks, uint160 sqrtPriceX96, int24 tick)",
);
const reads = parseAbi([
  "function getReserves() view returns (uint112, uint112, uint32)",
  "function liquidity() view returns (uint128)",
  "function extsload(bytes32 slot) view returns (bytes32)",
]);

describe("deployUniswap", () => {
  let anvil: AnvilHandle;
  let client: DevnetClient;
  let deployment: DevnetDeployment;

  beforeAll(async () => {
    anvil = await startAnvil();
    client = createDevnetClient({ rpcUrl: anvil.rpcUrl, chainId: anvil.chainId });
    deployment = await deployUniswap(client);
  });

  afterAll(async () => {
    await anvil?.stop();
  });

  it("puts code at every contract address it reports", async () => {
    for (const [name, address] of Object.entries(deployment.contracts)) {
      const code = await client.getCode({ address });
      expect(code?.length ?? 0, name).toBeGreaterThan(2);
    }
    expect(deployment.startBlock).toBeLessThanOrEqual(deployment.endBlock);
  });

  it("reports tokens as the chain describes them, with a 6-decimal USDC", async () => {
    for (const token of deployment.tokens) {
      const [symbol, decimals] = await Promise.all([
        client.readContract({ address: token.address, abi: erc20Abi, functionName: "symbol" }),
        client.readContract({ address: token.address, abi: erc20Abi, functionName: "decimals" }),
      ]);
      expect({ symbol, decimals }).toEqual({ symbol: token.symbol, decimals: token.decimals });
    }
    const usdc = deployment.tokens.find((t) => t.address === deployment.usdc);
    expect(usdc?.decimals).toBe(6);
    expect(new Set(deployment.tokens.map((t) => t.decimals))).toEqual(new Set([6, 8, 18]));
  });

  it("lists exactly the pools the factories and the PoolManager announced", async () => {
    const range = { fromBlock: deployment.startBlock, toBlock: deployment.endBlock };
    const [pairs, v3Pools, v4Pools] = await Promise.all([
      client.getLogs({ ...range, address: deployment.contracts.uniswapV2Factory, event: pairCreated }),
      client.getLogs({ ...range, address: deployment.contracts.uniswapV3Factory, event: poolCreated }),
      client.getLogs({ ...range, address: deployment.contracts.uniswapV4PoolManager, event: v4Initialize }),
    ]);
    const lower = (a: string) => a.toLowerCase();
    const fromChain = [
      ...pairs.map(
        (l) => `UNISWAP_V2 ${lower(l.args.pair!)} ${lower(l.args.token0!)} ${lower(l.args.token1!)}`,
      ),
      ...v3Pools.map(
        (l) => `UNISWAP_V3 ${lower(l.args.pool!)} ${lower(l.args.token0!)} ${lower(l.args.token1!)}`,
      ),
      ...v4Pools.map(
        (l) => `UNISWAP_V4 ${lower(l.args.id!)} ${lower(l.args.currency0!)} ${lower(l.args.currency1!)}`,
      ),
    ];
    const reported = deployment.pools.map((p) => `${p.venue} ${p.id} ${p.token0} ${p.token1}`);
    expect(reported.sort()).toEqual(fromChain.sort());
    for (const venue of ["UNISWAP_V2", "UNISWAP_V3", "UNISWAP_V4"]) {
      expect(deployment.pools.filter((p) => p.venue === venue).length).toBeGreaterThanOrEqual(4);
    }
    const v4Native = deployment.pools.filter(
      (p) => p.venue === "UNISWAP_V4" && p.token0 === `0x${"0".repeat(40)}`,
    );
    expect(v4Native.length).toBeGreaterThan(0);
  });

  it("gives every pool liquidity", async () => {
    for (const pool of deployment.pools) {
      if (pool.venue === "UNISWAP_V2") {
        const [r0, r1] = await client.readContract({
          address: pool.address,
          abi: reads,
          functionName: "getReserves",
        });
        expect(r0 > 0n && r1 > 0n, pool.id).toBe(true);
      } else if (pool.venue === "UNISWAP_V3") {
        const liquidity = await client.readContract({
          address: pool.address,
          abi: reads,
          functionName: "liquidity",
        });
        expect(liquidity > 0n, pool.id).toBe(true);
      } else {
        // Pool.State sits at keccak256(poolId . 6) in PoolManager storage; its liquidity is 3 slots further.
        const stateSlot = BigInt(keccak256(`${pool.id}${"0".repeat(63)}6` as Hex));
        const word = await client.readContract({
          address: pool.address,
          abi: reads,
          functionName: "extsload",
          args: [toHex(stateSlot + 3n, { size: 32 })],
        });
        expect(BigInt(word) > 0n, pool.id).toBe(true);
      }
    }
  });

  it("prices the native coin through the deep WETH/USDC V2 pair", async () => {
    const pair = deployment.pools.find(
      (p) =>
        p.venue === "UNISWAP_V2" &&
        [p.token0, p.token1].includes(deployment.weth) &&
        [p.token0, p.token1].includes(deployment.usdc),
    )!;
    const [r0, r1] = await client.readContract({
      address: pair.address,
      abi: reads,
      functionName: "getReserves",
    });
    const [wethRaw, usdcRaw] = pair.token0 === deployment.weth ? [r0, r1] : [r1, r0];
    const usdcPerEth = Number(usdcRaw) / 1e6 / (Number(wethRaw) / 1e18);
    expect(usdcPerEth).toBeGreaterThan(2900);
    expect(usdcPerEth).toBeLessThan(3100);
    expect(Number(usdcRaw) / 1e6).toBeGreaterThan(1_000_000);
  });

  it("deploys to the same addresses on a node that mines on an interval", async () => {
    const slow = await startAnvil({ blockTimeSec: 3600 });
    try {
      const other = await deployUniswap(createDevnetClient({ rpcUrl: slow.rpcUrl, chainId: slow.chainId }));
      expect(other.contracts).toEqual(deployment.contracts);
      expect(other.pools.map((p) => p.id)).toEqual(deployment.pools.map((p) => p.id));
    } finally {
      await slow.stop();
    }
  });
});
