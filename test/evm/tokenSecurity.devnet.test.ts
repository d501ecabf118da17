import type { TokenSecurity } from "@tapeline/core";
import { createTestDatabase, type TestDatabase } from "@tapeline/core/testing";
import { type Address, type Hex, parseAbi, parseEventLogs } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tokenFactsEndpoints } from "../../services/api/src/endpoints/tokenFacts/endpoints.ts";
import {
  compileDevnetContracts,
  compileDevnetSource,
} from "../../services/ingest/src/devnet/compileDevnetContracts.ts";
import {
  createDevnetClient,
  type DevnetClient,
} from "../../services/ingest/src/devnet/createDevnetClient.ts";
import { createTxSender, type TxSender } from "../../services/ingest/src/devnet/createTxSender.ts";
import {
  createUniswapV3Actions,
  type UniswapV3Actions,
} from "../../services/ingest/src/devnet/createUniswapV3Actions.ts";
import {
  createUniswapV4Actions,
  type UniswapV4Actions,
} from "../../services/ingest/src/devnet/createUniswapV4Actions.ts";
import type {
  DevnetDeployment,
  DevnetV3Pool,
  DevnetV4Pool,
} from "../../services/ingest/src/devnet/DevnetDeployment.ts";
import {
  deploySecurityTokens,
  type SecurityTokens,
} from "../../services/ingest/src/devnet/deploySecurityTokens.ts";
import { deployUniswap } from "../../services/ingest/src/devnet/deployUniswap.ts";
import { devnetEvmConfig } from "../../services/ingest/src/devnet/devnetEvmConfig.ts";
import { type AnvilHandle, startAnvil } from "../../services/ingest/src/devnet/startAnvil.ts";
import { startEvmChainWorker } from "../../services/ingest/src/evm/createEvmChainWorker.ts";
import { createRpcClient } from "../../services/ingest/src/rpc/createRpcClient.ts";
import { createHolderQueries } from "../../services/query/src/holders/createHolderQueries.ts";
import { lockerList } from "../../services/query/src/lockers/lockerList.ts";
import { parseLockers } from "../../services/query/src/lockers/parseLockers.ts";
import { createNodeRpc } from "../../services/query/src/portfolio/createNodeRpc.ts";
import { createSecurityProvider } from "../../services/query/src/security/provider.ts";
import { pct, readEvmSecurity } from "../../services/query/src/security/readEvmSecurity.ts";
import { serveApi } from "../api/serveApi.ts";
import { waitForCheckpoint } from "./waitForCheckpoint.ts";

/**
 * Token security on anvil: a plain token, a taxed token (5 % buy, 60 % sell) and a token whose
 * sales revert, each with a Uniswap V2 WETH pair, ingested, then read over HTTP. The simulation
 * (eth_call with state overrides) passes the plain token and flags the other two; its tax figures
 * equal what a wallet's real buy and sell through the same pair leave in the balances. Owner,
 * mint function, LP burned share and EIP-1967 / EIP-1167 proxies are checked against the chain.
 */

const BUY_TAX_BPS = 500;
const SELL_TAX_BPS = 6000;
/** anvil's dev account 6 (unlocked): the wallet trading for real after the simulation */
const TRADER = "0x976ea74026e726554db657fa54763abd0c3a0aa9" as Address;
const DEAD = "0x000000000000000000000000000000000000dead" as Address;
const ZERO = "0x0000000000000000000000000000000000000000" as Address;
const ADMIN = "0x00000000000000000000000000000000000a0b1c" as Address;
const IMPLEMENTATION_SLOT = "0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc";
const ADMIN_SLOT = "0xb53127684a568b3173ae13b9f8a6016e243e63b6e8ee1178d6a717850b5d6103";

const erc20 = parseAbi([
  "function balanceOf(address) view returns (uint256)",
  "function totalSupply() view returns (uint256)",
  "function transfer(address to, uint256 amount) returns (bool)",
  "function deposit() payable",
  "function approve(address spender, uint256 amount) returns (bool)",
]);
const pairAbi = parseAbi([
  "function getReserves() view returns (uint112, uint112, uint32)",
  "function token0() view returns (address)",
  "function swap(uint256 amount0Out, uint256 amount1Out, address to, bytes data)",
]);
const routerAbi = parseAbi([
  "function getAmountOut(uint256 amountIn, uint256 reserveIn, uint256 reserveOut) pure returns (uint256)",
]);

const word = (a: string) => `0x${a.slice(2).padStart(64, "0")}` as Hex;

describe("token security on anvil", () => {
  let anvil: AnvilHandle;
  let client: DevnetClient;
  let deployment: DevnetDeployment;
  let db: TestDatabase;
  let owner: TxSender;
  let trader: TxSender;
  let tokens: SecurityTokens;
  let url: string;
  let close: () => Promise<void>;
  let chain: string;
  let served: Map<string, TokenSecurity>;
  let locker: Address;
  let v3: UniswapV3Actions;
  /** a plain and a taxed token whose only pool is a Uniswap V3 WETH pool */
  let v3Plain: { address: Address; pool: DevnetV3Pool };
  let v3Taxed: { address: Address; pool: DevnetV3Pool };
  let v4: UniswapV4Actions;
  /** a plain and a taxed token whose only pool is a Uniswap V4 pool against the native coin */
  let v4Plain: { address: Address; pool: DevnetV4Pool };
  let v4Taxed: { address: Address; pool: DevnetV4Pool };
  let lockers: ReadonlySet<string>;

  const balanceOf = (token: Address, who: Address) =>
    client.readContract({ address: token, abi: erc20, functionName: "balanceOf", args: [who] });

  /**
   * A wallet's buy of `amountIn` WETH through the pair, then its sale of everything received,
   * the way the pair is paid (transfer in, then swap): the tax of each step from balances.
   */
  async function tradeForReal(token: Address, pair: Address, amountIn: bigint) {
    const weth = deployment.weth;
    const tokenIs0 =
      (
        (await client.readContract({ address: pair, abi: pairAbi, functionName: "token0" })) as string
      ).toLowerCase() === token;
    const reserves = async () => {
      const [r0, r1] = await client.readContract({
        address: pair,
        abi: pairAbi,
        functionName: "getReserves",
      });
      return tokenIs0 ? { token: r0, weth: r1 } : { token: r1, weth: r0 };
    };
    await trader.write({ address: weth, abi: erc20, functionName: "deposit", value: amountIn }, "wrap");
    let res = await reserves();
    const expected = await client.readContract({
      address: deployment.contracts.uniswapV2Router02,
      abi: routerAbi,
      functionName: "getAmountOut",
      args: [amountIn, res.weth, res.token],
    });
    await trader.write(
      { address: weth, abi: erc20, functionName: "transfer", args: [pair, amountIn] },
      "pay pair",
    );
    const before = await balanceOf(token, TRADER);
    await trader.write(
      {
        address: pair,
        abi: pairAbi,
        functionName: "swap",
        args: [tokenIs0 ? expected : 0n, tokenIs0 ? 0n : expected, TRADER, "0x"],
      },
      "buy",
    );
    const received = (await balanceOf(token, TRADER)) - before;
    res = await reserves();
    let sold: bigint | null = null;
    try {
      await trader.write(
        { address: token, abi: erc20, functionName: "transfer", args: [pair, received] },
        "sell",
      );
      sold = (await balanceOf(token, pair)) - res.token;
    } catch {
      sold = null;
    }
    return {
      buyTaxPct: pct(expected - received, expected),
      sellTaxPct: sold === null ? null : pct(received - sold, received),
      sellReverted: sold === null,
    };
  }

  beforeAll(async () => {
    anvil = await startAnvil();
    client = createDevnetClient({ rpcUrl: anvil.rpcUrl, chainId: anvil.chainId });
    deployment = await deployUniswap(client);
    chain = `evm:${deployment.chainId}`;
    owner = createTxSender(client, client.account.address);
    trader = createTxSender(client, TRADER);
    tokens = await deploySecurityTokens(client, deployment, owner, {
      buyTaxBps: BUY_TAX_BPS,
      sellTaxBps: SELL_TAX_BPS,
    });
    // half of the plain pool's LP tokens burned to the dead address
    const lp = await balanceOf(tokens.plain.pool.address, owner.address);
    await owner.write(
      { address: tokens.plain.pool.address, abi: erc20, functionName: "transfer", args: [DEAD, lp / 2n] },
      "burn LP",
    );

    // a locker holding a third of the taxed pool's LP and some of the taxed token, listed by configuration
    const lockerArtifact = compileDevnetSource("DevnetLocker.sol")("DevnetLocker");
    locker = (await owner.deploy(lockerArtifact, [], "locker")).toLowerCase() as Address;
    const lockInto = async (token: Address, amount: bigint) => {
      await owner.write(
        { address: token, abi: erc20, functionName: "approve", args: [locker, amount] },
        "approve locker",
      );
      await owner.write(
        { address: locker, abi: lockerArtifact.abi, functionName: "lock", args: [token, amount, 2n ** 40n] },
        "lock",
      );
    };
    await lockInto(
      tokens.taxed.pool.address,
      (await balanceOf(tokens.taxed.pool.address, owner.address)) / 3n,
    );
    await lockInto(tokens.taxed.address, 12_345n * 10n ** 18n);
    // tokens traded only on Uniswap V3: the taxed one taxes transfers out of and into its V3 pool
    v3 = createUniswapV3Actions(client, deployment);
    await owner.write(
      { address: deployment.weth, abi: erc20, functionName: "deposit", value: 200n * 10n ** 18n },
      "wrap",
    );
    const onV3 = async (address: Address) => {
      const { pool } = await v3.createPool(owner, {
        tokenA: address,
        tokenB: deployment.weth,
        amountA: 1_000_000n * 10n ** 18n,
        amountB: 50n * 10n ** 18n,
        fee: 3000,
      });
      return { address: address.toLowerCase() as Address, pool };
    };
    v3Plain = await onV3(
      await owner.deploy(
        compileDevnetContracts().feeOnTransferToken,
        ["Plain3", "PLAIN3", 0n, owner.address, 10_000_000n * 10n ** 18n],
        "PLAIN3",
      ),
    );
    const restricted = compileDevnetSource("SecurityTestTokens.sol")("TradeRestrictedToken");
    const taxed3 = await owner.deploy(
      restricted,
      ["TAXED3", "TAXED3", BigInt(BUY_TAX_BPS), BigInt(SELL_TAX_BPS), false, 10_000_000n * 10n ** 18n],
      "TAXED3",
    );
    v3Taxed = await onV3(taxed3);
    await owner.write(
      { address: taxed3, abi: restricted.abi, functionName: "setPair", args: [v3Taxed.pool.address] },
      "TAXED3 setPair",
    );
    // tokens traded only on Uniswap V4 against the native coin: the taxed one taxes transfers out of and into the pool manager
    v4 = createUniswapV4Actions(client, deployment);
    const onV4 = async (address: Address) => {
      const { pool } = await v4.createPool(owner, {
        tokenA: address,
        tokenB: ZERO,
        amountA: 1_000_000n * 10n ** 18n,
        amountB: 50n * 10n ** 18n,
        fee: 3000,
        tickSpacing: 60,
      });
      return { address: address.toLowerCase() as Address, pool };
    };
    v4Plain = await onV4(
      await owner.deploy(
        compileDevnetContracts().feeOnTransferToken,
        ["Plain4", "PLAIN4", 0n, owner.address, 10_000_000n * 10n ** 18n],
        "PLAIN4",
      ),
    );
    const taxed4 = await owner.deploy(
      restricted,
      ["TAXED4", "TAXED4", BigInt(BUY_TAX_BPS), BigInt(SELL_TAX_BPS), false, 10_000_000n * 10n ** 18n],
      "TAXED4",
    );
    v4Taxed = await onV4(taxed4);
    await owner.write(
      { address: taxed4, abi: restricted.abi, functionName: "setPair", args: [v4Taxed.pool.address] },
      "TAXED4 setPair",
    );
    const problems: string[] = [];
    lockers = lockerList(parseLockers(`evm:${deployment.chainId}=${locker}`, problems));
    expect(problems).toEqual([]);

    db = await createTestDatabase();
    const cfg = devnetEvmConfig(deployment, [{ url: anvil.rpcUrl }]);
    const worker = startEvmChainWorker({
      cfg,
      rpc: createRpcClient({ endpoints: cfg.endpoints }),
      db: db.pool,
    });
    await waitForCheckpoint(worker, await client.getBlockNumber());
    await worker.stop();

    const api = await serveApi({
      pool: db.pool,
      name: "security-devnet",
      providers: [
        createSecurityProvider({
          nodes: new Map([[chain as never, createNodeRpc({ url: anvil.rpcUrl })]]),
          lockers,
        }),
      ],
      endpoints: [tokenFactsEndpoints],
    });
    url = api.url;
    close = api.close;
    const res = await fetch(`${url}/v1/token/security`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        items: [tokens.plain, tokens.taxed, tokens.sellBlocked, v3Plain, v3Taxed, v4Plain, v4Taxed].map(
          (t) => ({
            chain,
            address: t.address,
          }),
        ),
      }),
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { data: { data: TokenSecurity }[] };
    served = new Map(body.data.map((s) => [s.data.address, s.data]));
  }, 240_000);

  afterAll(async () => {
    await close?.();
    await db?.drop();
    await anvil?.stop();
  });

  it("passes the plain token: bought and sold with no tax, not a honeypot", async () => {
    const s = served.get(tokens.plain.address)!;
    expect(s.simulation).toMatchObject({ outcome: "ok", pool: tokens.plain.pool.address, isHoneypot: false });
    const real = await tradeForReal(
      tokens.plain.address,
      tokens.plain.pool.address,
      BigInt(s.simulation!.amountIn),
    );
    expect(real).toEqual({ buyTaxPct: 0, sellTaxPct: 0, sellReverted: false });
    expect(s.simulation!.buyTaxPct).toBe(real.buyTaxPct);
    expect(s.simulation!.sellTaxPct).toBe(real.sellTaxPct);
    // the plain token has no owner() and no mint function
    expect(s.owner).toBeNull();
    expect(s.ownershipRenounced).toBeNull();
    expect(s.isMintable).toBe(false);
    expect(s.isProxy).toBe(false);
  });

  it("flags the taxed token, its taxes equal to a real buy and sell's balances and to the configured taxes", async () => {
    const s = served.get(tokens.taxed.address)!;
    expect(s.simulation).toMatchObject({ outcome: "ok", isHoneypot: true });
    const real = await tradeForReal(
      tokens.taxed.address,
      tokens.taxed.pool.address,
      BigInt(s.simulation!.amountIn),
    );
    expect(real.sellReverted).toBe(false);
    expect(s.simulation!.buyTaxPct).toBe(real.buyTaxPct);
    expect(s.simulation!.sellTaxPct).toBe(real.sellTaxPct);
    expect(real.buyTaxPct).toBeCloseTo(BUY_TAX_BPS / 100, 4);
    expect(real.sellTaxPct).toBeCloseTo(SELL_TAX_BPS / 100, 4);
    expect(s.owner).toBe(owner.address.toLowerCase());
    expect(s.ownershipRenounced).toBe(false);
    expect(s.isMintable).toBe(true);
  });

  it("flags the token whose sales revert", async () => {
    const s = served.get(tokens.sellBlocked.address)!;
    expect(s.simulation).toMatchObject({ outcome: "sell_failed", isHoneypot: true, sellTaxPct: null });
    const real = await tradeForReal(
      tokens.sellBlocked.address,
      tokens.sellBlocked.pool.address,
      BigInt(s.simulation!.amountIn),
    );
    expect(real.sellReverted).toBe(true);
    expect(s.simulation!.buyTaxPct).toBe(real.buyTaxPct);
  });

  it("reads the LP share held by the zero and dead addresses from the pair", async () => {
    for (const t of [tokens.plain, tokens.taxed]) {
      const pair = t.pool.address;
      const supply = await client.readContract({ address: pair, abi: erc20, functionName: "totalSupply" });
      const burned = (await balanceOf(pair, ZERO)) + (await balanceOf(pair, DEAD));
      const s = served.get(t.address)!;
      expect(s.lpPool).toBe(pair);
      expect(s.lpBurnedPct).toBe(pct(burned, supply));
    }
    // half of the plain pool's LP was sent to the dead address
    expect(served.get(tokens.plain.address)!.lpBurnedPct).toBeGreaterThan(49);
  });

  it("follows EIP-1967 and EIP-1167 proxies to their implementation's functions", async () => {
    const rpc = createNodeRpc({ url: anvil.rpcUrl });
    // an EIP-1967 proxy: a contract whose implementation and admin slots name the taxed token and an admin
    const proxy = tokens.plain.address;
    await client.request({
      method: "anvil_setStorageAt" as never,
      params: [proxy, IMPLEMENTATION_SLOT, word(tokens.taxed.address)] as never,
    });
    await client.request({
      method: "anvil_setStorageAt" as never,
      params: [proxy, ADMIN_SLOT, word(ADMIN)] as never,
    });
    const p = await readEvmSecurity(rpc, proxy, null);
    expect(p).toMatchObject({
      isProxy: true,
      proxyImplementation: tokens.taxed.address,
      proxyAdmin: ADMIN,
      isMintable: true,
      simulation: null,
      lpBurnedPct: null,
    });
    // an EIP-1167 clone of the taxed token, deployed from its creation code
    const runtime = `363d3d373d3d3d363d73${tokens.taxed.address.slice(2)}5af43d82803e903d91602b57fd5bf3`;
    const hash = await client.sendTransaction({
      account: owner.address,
      to: null,
      data: `0x3d602d80600a3d3981f3${runtime}` as Hex,
      chain: null,
    });
    const receipt = await client.waitForTransactionReceipt({ hash });
    const clone = receipt.contractAddress!.toLowerCase();
    expect((await client.getCode({ address: clone as Address }))?.slice(2)).toBe(runtime);
    expect(await readEvmSecurity(rpc, clone, null)).toMatchObject({
      isProxy: true,
      proxyImplementation: tokens.taxed.address,
      proxyAdmin: null,
      isMintable: true,
    });
    // an address with no code: nothing is known
    expect(await readEvmSecurity(rpc, ADMIN, null)).toMatchObject({
      isProxy: null,
      isMintable: null,
      owner: null,
    });
  });

  it("reads the LP share held by the configured locker from the pair, and tags the locker among the holders", async () => {
    const pair = tokens.taxed.pool.address;
    const supply = await client.readContract({ address: pair, abi: erc20, functionName: "totalSupply" });
    const locked = await balanceOf(pair, locker);
    expect(locked).toBeGreaterThan(0n);
    expect(served.get(tokens.taxed.address)!.lpLockedPct).toBe(pct(locked, supply));
    // nothing of the plain pool's LP is locked: a known zero, since the chain has a listed locker
    expect(served.get(tokens.plain.address)!.lpLockedPct).toBe(0);
    // no listed locker for the chain: unknown
    const rpc = createNodeRpc({ url: anvil.rpcUrl });
    const unlisted = await readEvmSecurity(rpc, tokens.taxed.address, {
      kind: "v2",
      address: pair,
      quote: deployment.weth,
      feeBps: 30,
    });
    expect(unlisted.lpLockedPct).toBeNull();

    const holders = await createHolderQueries({ db: db.pool, lockers }).tokenHolders({
      chain: chain as never,
      address: tokens.taxed.address,
      limit: 100,
      cursor: null,
    });
    const row = holders.data.find((h) => h.address === locker);
    expect(row?.amount).toBe((await balanceOf(tokens.taxed.address, locker)).toString());
    expect(row?.tags).toEqual(["locker"]);
  });

  /**
   * A wallet's buy of `amountIn` WETH through the V3 SwapRouter, then its sale of everything
   * received: the buy tax from what the pool's Swap event says it sent against what arrived; the
   * sale through the router, and the sell tax from a transfer of the tokens into the pool.
   */
  async function tradeOnV3(token: Address, pool: DevnetV3Pool, amountIn: bigint) {
    const before = await balanceOf(token, TRADER);
    const receipt = await v3.swap(trader, pool, {
      tokenIn: deployment.weth,
      amount: amountIn,
      exactOutput: false,
      maxIn: 0n,
      nativeIn: true,
    });
    const [swap] = parseEventLogs({
      abi: deployment.abis.uniswapV3Pool,
      logs: receipt.logs,
      eventName: "Swap",
    });
    const args = (swap as unknown as { args: { amount0: bigint; amount1: bigint } }).args;
    const sent = -(token === pool.token0 ? args.amount0 : args.amount1);
    const received = (await balanceOf(token, TRADER)) - before;
    let sellReverted = false;
    try {
      await v3.swap(trader, pool, {
        tokenIn: token,
        amount: received,
        exactOutput: false,
        maxIn: 0n,
        nativeIn: false,
      });
    } catch {
      sellReverted = true;
    }
    // the tokens still held (all of them when the sale reverted) go straight into the pool
    const held = (await balanceOf(token, TRADER)) - before;
    let sellTaxPct: number | null = null;
    if (held > 0n) {
      const poolBefore = await balanceOf(token, pool.address);
      await trader.write(
        { address: token, abi: erc20, functionName: "transfer", args: [pool.address, held] },
        "into pool",
      );
      sellTaxPct = pct(held - ((await balanceOf(token, pool.address)) - poolBefore), held);
    }
    return { buyTaxPct: pct(sent - received, sent), sellTaxPct, sellReverted };
  }

  it("simulates on a Uniswap V3 pool: the plain token passes, bought and sold through the pool like a router", async () => {
    const s = served.get(v3Plain.address)!;
    expect(s.simulation).toMatchObject({ outcome: "ok", pool: v3Plain.pool.address, isHoneypot: false });
    // V3 pools have no LP token: no LP figures
    expect(s.lpPool).toBeNull();
    expect(s.lpBurnedPct).toBeNull();
    const amountIn = BigInt(s.simulation!.amountIn);
    // the simulation spends a thousandth of the pool's WETH, as it held it then
    expect(amountIn).toBe((await balanceOf(deployment.weth, v3Plain.pool.address)) / 1000n);
    const real = await tradeOnV3(v3Plain.address, v3Plain.pool, amountIn);
    expect(real).toEqual({ buyTaxPct: 0, sellTaxPct: null, sellReverted: false });
    expect(s.simulation!.buyTaxPct).toBe(0);
    expect(s.simulation!.sellTaxPct).toBe(0);
  });

  it("flags the taxed token on its V3 pool: taxes equal to a real buy's and transfer's balances, the short-paid sale refused", async () => {
    const s = served.get(v3Taxed.address)!;
    const real = await tradeOnV3(v3Taxed.address, v3Taxed.pool, BigInt(s.simulation!.amountIn));
    // a V3 pool checks it was paid in full, so a token taxed on the way in cannot be sold there
    expect(real.sellReverted).toBe(true);
    expect(s.simulation).toMatchObject({
      outcome: "sell_failed",
      pool: v3Taxed.pool.address,
      isHoneypot: true,
    });
    expect(s.simulation!.buyTaxPct).toBe(real.buyTaxPct);
    expect(s.simulation!.sellTaxPct).toBe(real.sellTaxPct);
    expect(real.buyTaxPct).toBeCloseTo(BUY_TAX_BPS / 100, 4);
    expect(real.sellTaxPct).toBeCloseTo(SELL_TAX_BPS / 100, 4);
  });

  /**
   * A wallet's buy of `amountIn` of the native coin through v4-core's PoolSwapTest, then its sale
   * of everything received: the buy tax from the pool's Swap event against what arrived, the sale
   * through the same router, and the sell tax from a transfer of the tokens into the pool manager.
   */
  async function tradeOnV4(token: Address, pool: DevnetV4Pool, amountIn: bigint) {
    const before = await balanceOf(token, TRADER);
    const receipt = await v4.swap(trader, pool, {
      tokenIn: ZERO,
      amount: amountIn,
      exactOutput: false,
      maxIn: 0n,
    });
    const [swap] = parseEventLogs({
      abi: deployment.abis.uniswapV4PoolManager,
      logs: receipt.logs,
      eventName: "Swap",
    });
    const args = (swap as unknown as { args: { amount0: bigint; amount1: bigint } }).args;
    // the swapper's side: positive is what the pool gave
    const sent = token === pool.token0 ? args.amount0 : args.amount1;
    const received = (await balanceOf(token, TRADER)) - before;
    let sellReverted = false;
    try {
      await v4.swap(trader, pool, { tokenIn: token, amount: received, exactOutput: false, maxIn: 0n });
    } catch {
      sellReverted = true;
    }
    const held = (await balanceOf(token, TRADER)) - before;
    let sellTaxPct: number | null = null;
    if (held > 0n) {
      const managerBefore = await balanceOf(token, pool.address);
      await trader.write(
        { address: token, abi: erc20, functionName: "transfer", args: [pool.address, held] },
        "into manager",
      );
      sellTaxPct = pct(held - ((await balanceOf(token, pool.address)) - managerBefore), held);
    }
    return { buyTaxPct: pct(sent - received, sent), sellTaxPct, sellReverted };
  }

  it("simulates on a Uniswap V4 pool against the native coin: the plain token passes", async () => {
    const s = served.get(v4Plain.address)!;
    expect(s.simulation).toMatchObject({ outcome: "ok", pool: v4Plain.pool.id, isHoneypot: false });
    expect(s.lpPool).toBeNull();
    const real = await tradeOnV4(v4Plain.address, v4Plain.pool, BigInt(s.simulation!.amountIn));
    expect(real).toEqual({ buyTaxPct: 0, sellTaxPct: null, sellReverted: false });
    expect(s.simulation!.buyTaxPct).toBe(0);
    expect(s.simulation!.sellTaxPct).toBe(0);
  });

  it("flags the taxed token on its V4 pool: taxes equal to a real buy's and transfer's balances, the short-paid sale refused", async () => {
    const s = served.get(v4Taxed.address)!;
    const real = await tradeOnV4(v4Taxed.address, v4Taxed.pool, BigInt(s.simulation!.amountIn));
    // the pool manager settles what actually arrived, so a sale taxed on the way in leaves a debt and reverts
    expect(real.sellReverted).toBe(true);
    expect(s.simulation).toMatchObject({ outcome: "sell_failed", pool: v4Taxed.pool.id, isHoneypot: true });
    expect(s.simulation!.buyTaxPct).toBe(real.buyTaxPct);
    expect(s.simulation!.sellTaxPct).toBe(real.sellTaxPct);
    expect(real.buyTaxPct).toBeCloseTo(BUY_TAX_BPS / 100, 4);
    expect(real.sellTaxPct).toBeCloseTo(SELL_TAX_BPS / 100, 4);
  });
});
