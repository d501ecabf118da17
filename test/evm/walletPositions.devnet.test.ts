import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { formatUnits } from "@tapeline/core";
import { createTestDatabase, type TestDatabase } from "@tapeline/core/testing";
import {
  type Abi,
  type Address,
  decodeEventLog,
  erc20Abi,
  type Hex,
  parseAbi,
  parseEther,
  type TransactionReceipt,
  toEventSelector,
} from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { walletEndpoints } from "../../services/api/src/endpoints/wallet/endpoints.ts";
import {
  createDevnetClient,
  type DevnetClient,
} from "../../services/ingest/src/devnet/createDevnetClient.ts";
import { createDevnetRouting } from "../../services/ingest/src/devnet/createDevnetRouting.ts";
import { createMarketSimulator } from "../../services/ingest/src/devnet/createMarketSimulator.ts";
import { createTxSender } from "../../services/ingest/src/devnet/createTxSender.ts";
import { createUniswapV2Actions } from "../../services/ingest/src/devnet/createUniswapV2Actions.ts";
import { createUniswapV3Actions } from "../../services/ingest/src/devnet/createUniswapV3Actions.ts";
import { createUniswapV4Actions } from "../../services/ingest/src/devnet/createUniswapV4Actions.ts";
import type {
  DevnetDeployment,
  DevnetPool,
  DevnetV2Pool,
  DevnetV3Pool,
  DevnetV4Pool,
} from "../../services/ingest/src/devnet/DevnetDeployment.ts";
import { deployUniswap } from "../../services/ingest/src/devnet/deployUniswap.ts";
import { devnetEvmConfig } from "../../services/ingest/src/devnet/devnetEvmConfig.ts";
import { type AnvilHandle, startAnvil } from "../../services/ingest/src/devnet/startAnvil.ts";
import { startEvmChainWorker } from "../../services/ingest/src/evm/createEvmChainWorker.ts";
import { createRpcClient } from "../../services/ingest/src/rpc/createRpcClient.ts";
import { createEvmHoldingsReader } from "../../services/query/src/portfolio/createEvmHoldingsReader.ts";
import { createEvmPoolReader } from "../../services/query/src/portfolio/createEvmPoolReader.ts";
import { createNodeRpc } from "../../services/query/src/portfolio/createNodeRpc.ts";
import { chainNodeOf, createPortfolioProvider } from "../../services/query/src/portfolio/provider.ts";
import { serveApi } from "../api/serveApi.ts";
import { waitForCheckpoint } from "./waitForCheckpoint.ts";

type Row = {
  address: string;
  kind: string;
  decimals: number;
  amount: string;
  amountUsd: number | null;
  entryPriceUsd: number | null;
  entryPriceLifetimeUsd: number | null;
  exitPriceUsd: number | null;
  realizedPnlUsd: number | null;
  unrealizedPnlUsd: number | null;
  totalPnlUsd: number | null;
  buys: number;
  sells: number;
  boughtTokens: string;
  soldTokens: string;
  holdingSince: number | null;
  firstTradeAt: number | null;
  lastTradeAt: number | null;
  buyFeesUsd: number | null;
  labels: string[];
};
type Summary = {
  totalValueUsd: number;
  realizedPnlUsd: number;
  unrealizedPnlUsd: number;
  totalPnlUsd: number;
  positions: number;
};
type Page = { data: Row[]; meta: { asOf: number; hasMore: boolean; summary: Summary } };
type Closed = {
  address: string;
  realizedPnlUsd: number;
  realizedPnlNative: number;
  totalBuyNative: number;
  totalSellNative: number;
  buyCount: number;
  sellCount: number;
  lastTradeAt: number;
};

const NATIVE = "0x0000000000000000000000000000000000000000";
/** anvil's dev accounts 7 and 8 (unlocked, 10,000 ETH each): the wallets this test trades with. */
const TRADER = "0x14dc79964da2c08b23698b3d3cc7ca32193d9955" as Address;
const RECEIVER = "0x23618e81e3f5cdf7f54c3d65f7fbc0abf5b21e8f" as Address;

const v2SwapAbi = parseAbi([
  "event Swap(address indexed sender, uint amount0In, uint amount1In, uint amount0Out, uint amount1Out, address indexed to)",
]);
const v3SwapAbi = parseAbi([
  "event Swap(address indexed sender, address indexed recipient, int256 amount0, int256 amount1, uint160 sqrtPriceX96, uint128 liquidity, int24 tick)",
]);
const v4SwapAbi = parseAbi([
  "event Swap(bytes32 indexed id, address indexed sender, int128 amount0, int128 amount1, uint160 sqrtPriceX96, uint128 liquidity, int24 tick, uint24 fee)",
]);
const quoterAbi = parseAbi([
  "function quoteExactInputSingle((address tokenIn, address tokenOut, uint256 amountIn, uint24 fee, uint160 sqrtPriceLimitX96) params) returns (uint256 amountOut, uint160 sqrtPriceX96After, uint32 initializedTicksCrossed, uint256 gasEstimate)",
]);

/** Sizes of the V4 sales quoted (tens of thousands of USD into pools of hundreds of thousands). */
const SALE: Record<string, bigint> = {
  USDC: 50_000n * 10n ** 6n,
  LINK: 3_000n * 10n ** 18n,
  WBTC: 5n * 10n ** 7n,
  PEPE: 10n ** 27n,
};

/** A trade of the test's wallet as the chain's Swap log shows it: token and native (WETH or ETH) amounts. */
type ChainTrade = { token: string; isBuy: boolean; tokens: bigint; native: bigint; at: number; fee: bigint };

/**
 * Wallet positions on anvil against the chain. The simulator's wallets trade in the background; a
 * test wallet buys PEPE twice on V2, sells all of it, buys it back; buys LINK on V3 and sells half;
 * buys WBTC on V4 with ETH and sells all of it; another wallet receives minted UNI and USDC. The
 * worker ingests the chain, and the served rows are compared with the chain: amounts with
 * balanceOf, amountUsd with the pools' own quotes (V2 Router getAmountsOut, V3 QuoterV2, V4 swap
 * simulated with eth_call), entry, exit, realized PnL and holdingSince with the average-cost rules
 * applied to the wallet's Swap logs.
 */
describe("wallet positions on anvil against balances, quotes and Swap logs", () => {
  let anvil: AnvilHandle;
  let client: DevnetClient;
  let deployment: DevnetDeployment;
  let db: TestDatabase;
  let url: string;
  let close: () => Promise<void>;
  let chain: string;
  let spotUsd: number;
  let quoter: Address;
  let multicall3: Address;
  let simWallets: Address[];
  const trades: ChainTrade[] = [];
  const token = (symbol: string) => deployment.tokens.find((t) => t.symbol === symbol)!;

  const get = async <T>(path: string, query: Record<string, string | number | boolean>): Promise<T> => {
    const res = await fetch(
      `${url}${path}?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]))}`,
    );
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as T;
  };
  const balanceOf = (t: string, wallet: Address) =>
    client.readContract({ address: t as Address, abi: erc20Abi, functionName: "balanceOf", args: [wallet] });

  /** Reads the wallet's trade from a swap receipt's Swap log of `pool`. */
  async function record(receipt: TransactionReceipt, pool: DevnetPool, tokenAddr: string, isBuy: boolean) {
    const block = await client.getBlock({ blockNumber: receipt.blockNumber });
    const abi = pool.venue === "UNISWAP_V2" ? v2SwapAbi : pool.venue === "UNISWAP_V3" ? v3SwapAbi : v4SwapAbi;
    const log = receipt.logs.find(
      (l) =>
        l.topics[0] === toEventSelector(abi[0]) &&
        (pool.venue === "UNISWAP_V4" ? l.topics[1] === pool.id : l.address.toLowerCase() === pool.address),
    )!;
    const tokenIs0 = pool.token0 === tokenAddr;
    let a0: bigint;
    let a1: bigint;
    if (pool.venue === "UNISWAP_V2") {
      const { args } = decodeEventLog({ abi: v2SwapAbi, data: log.data, topics: log.topics });
      a0 = args.amount0In + args.amount0Out;
      a1 = args.amount1In + args.amount1Out;
    } else {
      const { args } = decodeEventLog({
        abi: abi as typeof v3SwapAbi,
        data: log.data,
        topics: log.topics,
      }) as {
        args: { amount0: bigint; amount1: bigint };
      };
      a0 = args.amount0 < 0n ? -args.amount0 : args.amount0;
      a1 = args.amount1 < 0n ? -args.amount1 : args.amount1;
    }
    trades.push({
      token: tokenAddr,
      isBuy,
      tokens: tokenIs0 ? a0 : a1,
      native: tokenIs0 ? a1 : a0,
      at: Number(block.timestamp) * 1000,
      fee: receipt.gasUsed * receipt.effectiveGasPrice,
    });
  }

  beforeAll(async () => {
    anvil = await startAnvil();
    client = createDevnetClient({ rpcUrl: anvil.rpcUrl, chainId: anvil.chainId });
    deployment = await deployUniswap(client);
    const deployer = createTxSender(client, client.account.address);
    const routing = await createDevnetRouting(client, deployment, deployer);
    const sim = createMarketSimulator({ client, deployment, seed: 12, wallets: 4, routing });
    await sim.runSimulatorSteps(40);
    simWallets = sim.wallets;

    // Multicall3 and QuoterV2: their published bytecode (viem's copy of Multicall3, v3-periphery's build)
    const require = createRequire(import.meta.url);
    const viemContracts = (await import(
      pathToFileURL(join(dirname(require.resolve("viem")), "constants", "contracts.js")).href
    )) as { multicall3Bytecode: Hex };
    multicall3 = await deployer.deploy(
      { abi: [], bytecode: viemContracts.multicall3Bytecode, source: "viem" },
      [],
      "Multicall3",
    );
    const quoterArtifact =
      require("@uniswap/v3-periphery/artifacts/contracts/lens/QuoterV2.sol/QuoterV2.json") as {
        abi: Abi;
        bytecode: Hex;
      };
    quoter = await deployer.deploy(
      { abi: quoterArtifact.abi, bytecode: quoterArtifact.bytecode, source: "QuoterV2" },
      [deployment.contracts.uniswapV3Factory, deployment.weth],
      "QuoterV2",
    );

    const v2 = createUniswapV2Actions(client, deployment);
    const v3 = createUniswapV3Actions(client, deployment);
    const v4 = createUniswapV4Actions(client, deployment);
    const trader = createTxSender(client, TRADER);
    const pepe = token("PEPE").address;
    const link = token("LINK").address;
    const wbtc = token("WBTC").address;
    const pepeV2 = deployment.pools.find(
      (p): p is DevnetV2Pool => p.venue === "UNISWAP_V2" && [p.token0, p.token1].includes(pepe),
    )!;
    const linkV3 = deployment.pools.find(
      (p): p is DevnetV3Pool => p.venue === "UNISWAP_V3" && [p.token0, p.token1].includes(link),
    )!;
    const wbtcV4 = deployment.pools.find(
      (p): p is DevnetV4Pool => p.venue === "UNISWAP_V4" && [p.token0, p.token1].includes(wbtc),
    )!;
    const v2Buy = async (eth: string) =>
      record(
        await v2.swap(trader, {
          path: [deployment.weth, pepe],
          amount: parseEther(eth),
          exactOutput: false,
          maxIn: 0n,
          nativeIn: true,
          nativeOut: false,
        }),
        pepeV2,
        pepe,
        true,
      );
    const v2SellAll = async () =>
      record(
        await v2.swap(trader, {
          path: [pepe, deployment.weth],
          amount: await balanceOf(pepe, TRADER),
          exactOutput: false,
          maxIn: 0n,
          nativeIn: false,
          nativeOut: true,
        }),
        pepeV2,
        pepe,
        false,
      );
    await v2Buy("1");
    await v2Buy("2");
    await v2SellAll();
    await v2Buy("0.5");
    await record(
      await v3.swap(trader, linkV3, {
        tokenIn: deployment.weth,
        amount: parseEther("3"),
        exactOutput: false,
        maxIn: 0n,
        nativeIn: true,
      }),
      linkV3,
      link,
      true,
    );
    await record(
      await v3.swap(trader, linkV3, {
        tokenIn: link,
        amount: (await balanceOf(link, TRADER)) / 2n,
        exactOutput: false,
        maxIn: 0n,
        nativeIn: false,
      }),
      linkV3,
      link,
      false,
    );
    await record(
      await v4.swap(trader, wbtcV4, {
        tokenIn: NATIVE as Address,
        amount: parseEther("2"),
        exactOutput: false,
        maxIn: 0n,
      }),
      wbtcV4,
      wbtc,
      true,
    );
    await record(
      await v4.swap(trader, wbtcV4, {
        tokenIn: wbtc,
        amount: await balanceOf(wbtc, TRADER),
        exactOutput: false,
        maxIn: 0n,
      }),
      wbtcV4,
      wbtc,
      false,
    );
    // the receiver never trades: minted UNI and USDC
    for (const [t, amount] of [
      [token("UNI"), 10n ** 21n],
      [token("USDC"), 2_500n * 10n ** 6n],
    ] as const) {
      const abi =
        t.implementation === "MockERC20"
          ? deployment.abis.erc20WithDecimals
          : deployment.abis.erc20MinterPauser;
      await deployer.write(
        { address: t.address, abi, functionName: "mint", args: [RECEIVER, amount] },
        `mint ${t.symbol}`,
      );
    }
    // the deployer holds and approves every token, so V4 sales can be simulated from it
    for (const t of deployment.tokens.filter((k) => k.implementation !== "WETH9")) {
      const abi =
        t.implementation === "MockERC20"
          ? deployment.abis.erc20WithDecimals
          : deployment.abis.erc20MinterPauser;
      await deployer.write(
        { address: t.address, abi, functionName: "mint", args: [deployer.address, 10n ** 36n] },
        `mint ${t.symbol}`,
      );
      await deployer.write(
        {
          address: t.address,
          abi,
          functionName: "approve",
          args: [deployment.contracts.uniswapV4PoolSwapTest, 2n ** 256n - 1n],
        },
        `approve ${t.symbol}`,
      );
    }

    db = await createTestDatabase();
    const cfg = devnetEvmConfig(deployment, [{ url: anvil.rpcUrl }]);
    chain = cfg.chain;
    const head = await client.getBlockNumber();
    const worker = startEvmChainWorker({
      cfg,
      rpc: createRpcClient({ endpoints: cfg.endpoints }),
      db: db.pool,
    });
    await waitForCheckpoint(worker, head);
    await worker.stop();
    // the stablecoin registry of the devnet chain (an operator's registration)
    await db.pool.query("insert into stablecoins (chain_id, address, symbol) values ($1, $2, 'USDC')", [
      chain,
      deployment.usdc,
    ]);
    const spot = await db.pool.query<{ price_usd: string }>(
      "select price_usd from native_prices where chain_id = $1 order by minute desc limit 1",
      [chain],
    );
    spotUsd = Number(spot.rows[0]!.price_usd);
    const api = await serveApi({
      pool: db.pool,
      name: "evm-wallet-positions",
      providers: [
        createPortfolioProvider({
          nodes: new Map([
            [
              chain as `evm:${number}`,
              chainNodeOf(chain as `evm:${number}`, { url: anvil.rpcUrl, multicall3 }),
            ],
          ]),
        }),
      ],
      endpoints: [walletEndpoints],
    });
    url = api.url;
    close = api.close;
  }, 300_000);

  afterAll(async () => {
    await close?.();
    await db?.drop();
    await anvil?.stop();
  });

  it("reads the same balances through Multicall3 and through a plain JSON-RPC batch, equal to balanceOf", async () => {
    const rpc = createNodeRpc({ url: anvil.rpcUrl });
    const tokens = deployment.tokens.map((t) => t.address);
    const viaMulticall = await createEvmHoldingsReader({ rpc, multicall3 }).read(TRADER, tokens);
    const viaBatch = await createEvmHoldingsReader({ rpc, multicall3: null }).read(TRADER, tokens);
    expect(viaMulticall.nativeRaw).toBe(await client.getBalance({ address: TRADER }));
    for (const t of tokens) {
      const chainBalance = await balanceOf(t, TRADER);
      expect(viaMulticall.tokens.get(t)?.raw, t).toBe(chainBalance);
      expect(viaBatch.tokens.get(t)?.raw, t).toBe(chainBalance);
    }
    expect([...viaMulticall.tokens.values()].some((b) => b.raw > 0n)).toBe(true);
  });

  it("quotes concentrated pools exactly as the chain does, crossing ticks", async () => {
    const reader = createEvmPoolReader(createNodeRpc({ url: anvil.rpcUrl }));
    const block = `0x${(await client.getBlockNumber()).toString(16)}`;
    let crossed = 0;
    for (const pool of deployment.pools.filter((p): p is DevnetV3Pool => p.venue === "UNISWAP_V3")) {
      for (const zeroForOne of [true, false]) {
        const tokenIn = zeroForOne ? pool.token0 : pool.token1;
        const reserve = await balanceOf(tokenIn, pool.address);
        // a tenth and a half of what the pool holds of the input: the larger crosses the concentrated range's edge
        for (const amountIn of [reserve / 10n, reserve / 2n]) {
          const { result } = await client.simulateContract({
            address: quoter,
            abi: quoterAbi,
            functionName: "quoteExactInputSingle",
            args: [
              {
                tokenIn,
                tokenOut: zeroForOne ? pool.token1 : pool.token0,
                amountIn,
                fee: pool.fee,
                sqrtPriceLimitX96: 0n,
              },
            ],
          });
          const ours = await reader.quote(
            {
              venueType: "UNISWAP_V3",
              address: pool.address,
              factory: null,
              createdBlock: Number(pool.createdBlock),
            },
            amountIn,
            zeroForOne,
            block,
          );
          expect(ours, `${pool.address} ${zeroForOne} ${amountIn}`).toBe(result[0]);
          crossed += result[2];
        }
      }
    }
    expect(crossed).toBeGreaterThan(0);
    // V4: the PoolManager's own swap, simulated with eth_call through PoolSwapTest
    let v4Pools = 0;
    for (const pool of deployment.pools.filter((p): p is DevnetV4Pool => p.venue === "UNISWAP_V4")) {
      for (const zeroForOne of [true, false]) {
        const tokenIn = zeroForOne ? pool.token0 : pool.token1;
        const amountIn =
          tokenIn === NATIVE
            ? parseEther("20")
            : SALE[deployment.tokens.find((t) => t.address === tokenIn)!.symbol]!;
        const out = await v4SimulatedOut(pool, tokenIn, amountIn);
        const ours = await reader.quote(
          {
            venueType: "UNISWAP_V4",
            address: pool.id,
            factory: pool.address,
            createdBlock: Number(pool.createdBlock),
          },
          amountIn,
          zeroForOne,
          block,
        );
        expect(ours, `${pool.id} ${zeroForOne}`).toBe(out);
        v4Pools++;
      }
    }
    expect(v4Pools).toBeGreaterThan(3);
  });

  it("serves the trader's bags, exits and realized PnL as the average-cost rules give them from its Swap logs", async () => {
    const page = await get<Page>("/v1/wallet/positions", { chain, wallet: TRADER, minValueUsd: 0 });
    const closed = await get<{ data: Closed[] }>("/v1/wallet/closed-positions", { chain, wallet: TRADER });
    const byToken = new Map(page.data.map((r) => [r.address, r]));
    const closedByToken = new Map(closed.data.map((r) => [r.address, r]));
    for (const t of new Set(trades.map((x) => x.token))) {
      const own = trades.filter((x) => x.token === t).sort((a, b) => a.at - b.at);
      // the documented rules, applied to the Swap logs
      let bag = 0n;
      let cost = 0;
      let realized = 0;
      let since: number | null = null;
      let sold = 0n;
      let soldNative = 0;
      let bought = 0n;
      let boughtNative = 0;
      for (const x of own) {
        const native = Number(x.native) / 1e18;
        if (x.isBuy) {
          if (bag === 0n) since = x.at;
          bag += x.tokens;
          cost += native;
          bought += x.tokens;
          boughtNative += native;
        } else {
          const covered = x.tokens < bag ? x.tokens : bag;
          const share = Number(covered) / Number(bag);
          realized += native * (Number(covered) / Number(x.tokens)) - cost * share;
          cost -= cost * share;
          bag -= covered;
          sold += x.tokens;
          soldNative += native;
          if (bag === 0n) {
            cost = 0;
            since = null;
          }
        }
      }
      const d = deployment.tokens.find((k) => k.address === t)!.decimals;
      if (bag === 0n) {
        const row = closedByToken.get(t)!;
        expect(row, t).toBeDefined();
        expect(byToken.has(t)).toBe(false);
        expect(row.realizedPnlNative).toBeCloseTo(realized, 9);
        expect(row.realizedPnlUsd / spotUsd).toBeCloseTo(realized, 6);
        expect(row.totalBuyNative).toBeCloseTo(boughtNative, 9);
        expect(row.totalSellNative).toBeCloseTo(soldNative, 9);
        expect([row.buyCount, row.sellCount]).toEqual([
          own.filter((x) => x.isBuy).length,
          own.filter((x) => !x.isBuy).length,
        ]);
        continue;
      }
      const row = byToken.get(t)!;
      expect(row, t).toBeDefined();
      expect(closedByToken.has(t)).toBe(false);
      expect(row.kind).toBe("position");
      expect(row.holdingSince).toBe(since);
      expect(row.firstTradeAt).toBe(own[0]!.at);
      expect(row.lastTradeAt).toBe(own.at(-1)!.at);
      expect(row.boughtTokens).toBe(formatUnits(bought, d));
      expect(row.soldTokens).toBe(formatUnits(sold, d));
      expect(row.entryPriceUsd! / spotUsd).toBeCloseTo(cost / (Number(bag) / 10 ** d), 9);
      expect(row.entryPriceLifetimeUsd! / spotUsd).toBeCloseTo(boughtNative / (Number(bought) / 10 ** d), 9);
      if (sold > 0n)
        expect(row.exitPriceUsd! / spotUsd).toBeCloseTo(soldNative / (Number(sold) / 10 ** d), 9);
      else expect(row.exitPriceUsd).toBeNull();
      expect(row.realizedPnlUsd! / spotUsd).toBeCloseTo(realized, 6);
      expect(row.unrealizedPnlUsd! / spotUsd).toBeCloseTo(row.amountUsd! / spotUsd - cost, 6);
      // the buy-back reopened PEPE: holdingSince is the last buy, not the first
      if (t === token("PEPE").address) expect(since).toBe(own.at(-1)!.at);
    }
    expect(closedByToken.has(token("WBTC").address)).toBe(true);
    expect(byToken.has(token("PEPE").address)).toBe(true);
    expect(byToken.has(token("LINK").address)).toBe(true);
  });

  it("serves every wallet's amounts equal to balanceOf and amountUsd equal to the main pool's own quote", async () => {
    let checked = 0;
    for (const wallet of [TRADER, RECEIVER, ...simWallets]) {
      const page = await get<Page>("/v1/wallet/positions", {
        chain,
        wallet,
        minValueUsd: 0,
        includeNative: true,
        includeStables: true,
      });
      for (const row of page.data) {
        if (row.kind === "native") {
          expect(row.amount).toBe(formatUnits(await client.getBalance({ address: wallet }), 18));
          expect(row.amountUsd! / spotUsd).toBeCloseTo(Number(row.amount), 9);
          continue;
        }
        const chainBalance = await balanceOf(row.address, wallet);
        expect(row.amount, `${wallet} ${row.address}`).toBe(formatUnits(chainBalance, row.decimals));
        if (row.kind === "stable") {
          expect(row.amountUsd).toBeCloseTo(Number(row.amount), 9);
          continue;
        }
        if (chainBalance === 0n || row.amountUsd === null) continue;
        const expected = await chainQuoteUsd(row.address, chainBalance);
        if (expected === null) continue;
        expect(row.amountUsd, `${wallet} ${row.address}`).toBeCloseTo(expected, 6);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(3);
  });

  it("lists received holdings without PnL and stablecoins at face value", async () => {
    // the EVM ingest records no ERC-20 transfers: a token the wallet never traded is read when asked for
    const page = await get<Page>("/v1/wallet/positions", {
      chain,
      wallet: RECEIVER,
      includeStables: true,
      tokens: `${token("UNI").address},${deployment.usdc}`,
    });
    const uni = page.data.find((r) => r.address === token("UNI").address)!;
    expect(uni.kind).toBe("position");
    expect([uni.buys, uni.sells, uni.entryPriceUsd, uni.unrealizedPnlUsd, uni.realizedPnlUsd]).toEqual([
      0,
      0,
      null,
      null,
      0,
    ]);
    const usdc = page.data.find((r) => r.address === deployment.usdc)!;
    expect(usdc.kind).toBe("stable");
    expect(usdc.amount).toBe("2500");
    expect(usdc.amountUsd).toBe(2500);
    expect(usdc.labels).toEqual([]);
    const without = await get<Page>("/v1/wallet/positions", { chain, wallet: RECEIVER });
    expect(without.data.some((r) => r.kind === "stable")).toBe(false);
  });

  it("keeps the summary equal to the sum of every row across pages", async () => {
    for (const wallet of [TRADER, ...simWallets]) {
      const all = await get<Page>("/v1/wallet/positions", {
        chain,
        wallet,
        minValueUsd: 0,
        includeNative: true,
      });
      const rows: Row[] = [];
      for (let offset = 0; ; offset += 2) {
        const p = await get<Page>("/v1/wallet/positions", {
          chain,
          wallet,
          minValueUsd: 0,
          includeNative: true,
          limit: 2,
          offset,
        });
        expect(p.meta.summary).toEqual(all.meta.summary);
        rows.push(...p.data);
        if (!p.meta.hasMore) break;
      }
      expect(rows).toEqual(all.data);
      const s = all.meta.summary;
      expect(s.positions).toBe(rows.length);
      expect(s.totalValueUsd).toBeCloseTo(
        rows.reduce((a, r) => a + (r.amountUsd ?? 0), 0),
        6,
      );
      expect(s.realizedPnlUsd).toBeCloseTo(
        rows.reduce((a, r) => a + (r.realizedPnlUsd ?? 0), 0),
        6,
      );
      expect(s.unrealizedPnlUsd).toBeCloseTo(
        rows.reduce((a, r) => a + (r.unrealizedPnlUsd ?? 0), 0),
        6,
      );
      const values = rows.map((r) => r.amountUsd ?? Number.NEGATIVE_INFINITY);
      expect(values).toEqual([...values].sort((a, b) => b - a));
    }
  });

  /**
   * USD the main pool pays for `amount` of `tokenAddr`, by the chain's own quote; null for a V4 pool
   * the test has no PoolKey of (a token the simulator launched).
   */
  async function chainQuoteUsd(tokenAddr: string, amount: bigint): Promise<number | null> {
    const { rows } = await db.pool.query<{
      address: string;
      venue_type: string;
      token0: string;
      token1: string;
    }>(
      `select p.address, p.venue_type, p.token0, p.token1 from pools p
       where p.chain_id = $1 and p.token_address = $2
       order by p.address = (select best_pool from tokens where chain_id = $1 and address = $2) desc nulls last,
                p.liquidity_native desc nulls last, p.address limit 1`,
      [chain, tokenAddr],
    );
    const main = rows[0]!;
    const other = (main.token0 === tokenAddr ? main.token1 : main.token0) as Address;
    let out: bigint;
    if (main.venue_type === "UNISWAP_V2") {
      const amounts = (await client.readContract({
        address: deployment.contracts.uniswapV2Router02,
        abi: deployment.abis.uniswapV2Router02,
        functionName: "getAmountsOut",
        args: [amount, [tokenAddr, other]],
      })) as bigint[];
      out = amounts[1]!;
    } else if (main.venue_type === "UNISWAP_V3") {
      const fee = await client.readContract({
        address: main.address as Address,
        abi: parseAbi(["function fee() view returns (uint24)"]),
        functionName: "fee",
      });
      const { result } = await client.simulateContract({
        address: quoter,
        abi: quoterAbi,
        functionName: "quoteExactInputSingle",
        args: [
          { tokenIn: tokenAddr as Address, tokenOut: other, amountIn: amount, fee, sqrtPriceLimitX96: 0n },
        ],
      });
      out = result[0];
    } else {
      const pool = deployment.pools.find(
        (p): p is DevnetV4Pool => p.venue === "UNISWAP_V4" && p.id === main.address,
      );
      if (!pool) return null;
      out = await v4SimulatedOut(pool, tokenAddr, amount);
    }
    if (other === deployment.usdc) return Number(out) / 1e6;
    return (Number(out) / 1e18) * spotUsd;
  }

  /** A V4 sale's output, simulated with eth_call from the deployer (funded, approved) through PoolSwapTest. */
  async function v4SimulatedOut(pool: DevnetV4Pool, tokenIn: string, amount: bigint): Promise<bigint> {
    const zeroForOne = pool.token0 === tokenIn;
    const { result } = await client.simulateContract({
      account: client.account.address,
      address: deployment.contracts.uniswapV4PoolSwapTest,
      abi: deployment.abis.uniswapV4PoolSwapTest,
      functionName: "swap",
      args: [
        pool.key,
        {
          zeroForOne,
          amountSpecified: -amount,
          sqrtPriceLimitX96: zeroForOne ? 4295128740n : 1461446703485210103287273052203988822378723970341n,
        },
        { takeClaims: false, settleUsingBurn: false },
        "0x",
      ],
      ...(tokenIn === NATIVE ? { value: amount } : {}),
    });
    const delta = result as bigint;
    const out = zeroForOne ? BigInt.asIntN(128, delta) : delta >> 128n;
    return out < 0n ? -out : out;
  }
});
