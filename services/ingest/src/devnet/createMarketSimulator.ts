import { type Address, encodePacked, keccak256, parseEther } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import type { DevnetClient } from "./createDevnetClient.ts";
import type { DevnetRouting } from "./createDevnetRouting.ts";
import { createRng } from "./createRng.ts";
import { type ContractCall, createTxSender, type TxSender } from "./createTxSender.ts";
import { createUniswapV2Actions } from "./createUniswapV2Actions.ts";
import { createUniswapV3Actions, type V3Position } from "./createUniswapV3Actions.ts";
import { createUniswapV4Actions, type V4Position } from "./createUniswapV4Actions.ts";
import type {
  DevnetDeployment,
  DevnetPool,
  DevnetToken,
  DevnetV2Pool,
  DevnetV3Pool,
  DevnetV4Pool,
} from "./DevnetDeployment.ts";
import { deployDevnetToken } from "./deployDevnetToken.ts";
import { DEVNET_ETH_PRICE_USD } from "./deployUniswap.ts";
import { NATIVE } from "./devnetConstants.ts";
import { loadDevnetArtifacts } from "./loadDevnetArtifacts.ts";
import { tokenAmountForUsd } from "./tokenAmountForUsd.ts";

/** The logger the simulator writes to; a pino logger fits. */
export type SimulatorLogger = {
  debug: (obj: object, msg: string) => void;
  info: (obj: object, msg: string) => void;
  warn: (obj: object, msg: string) => void;
};

/** Options of {@link createMarketSimulator}. */
export type MarketSimulatorOptions = {
  client: DevnetClient;
  deployment: DevnetDeployment;
  /** Trading wallets, derived from `seed`; each is funded on first use. @defaultValue 10 */
  wallets?: number;
  /** Same seed, same node state: same sequence of actions (see {@link MarketSimulator.runSimulatorSteps}). */
  seed: number | string;
  /** Pause between two steps of one loop under `start()`. @defaultValue 250 */
  paceMs?: number;
  /** Loops running steps at once under `start()` (at most `wallets`); raise it on an interval-mining node. @defaultValue 1 */
  concurrency?: number;
  /** Most tokens the simulator launches. @defaultValue 25 */
  maxLaunches?: number;
  /**
   * The devnet's own router and fee-on-transfer token ({@link createDevnetRouting}): with it, a
   * share of swaps go along its multi-hop routes (V2 → V3 → V4, native ETH in and out, the fee
   * token). Without it the sequence of a seed is unchanged.
   */
  routing?: DevnetRouting;
  /**
   * Senders that only swap, traded by the simulator beside its own wallets (ERC-4337 smart
   * accounts: `createSmartAccountSender`). They are funded like the wallets and picked like
   * them; a step that picks one swaps. Without them the sequence of a seed is unchanged.
   */
  smartAccounts?: TxSender[];
  logger?: SimulatorLogger;
};

type Venue = DevnetPool["venue"];

/** What the simulator did. Failed steps are logged and counted, never thrown. */
export type SimulatorStats = {
  steps: number;
  swaps: Record<Venue, number>;
  /** swaps along the router's multi-hop routes (`routing`) */
  routed: number;
  liquidityAdded: number;
  liquidityRemoved: number;
  launches: number;
  walletsFunded: number;
  failed: number;
};

/** A running market on the devnet. */
export type MarketSimulator = {
  /** Trading wallet addresses, lowercase (the smart accounts' last). */
  wallets: Address[];
  /** Starts stepping in the background at the configured pace. Idempotent. */
  start: () => void;
  /** Stops stepping and waits for the steps in flight. */
  stop: () => Promise<void>;
  /**
   * Runs `n` steps one after another and returns what they did. On an automining node, the same
   * seed from the same deployment replays the same transactions.
   */
  runSimulatorSteps: (n: number) => Promise<SimulatorStats>;
  /** Seed pools plus the ones launched so far. */
  pools: () => DevnetPool[];
  /** Seed tokens plus the ones launched so far. */
  tokens: () => DevnetToken[];
  /** Totals since creation. */
  stats: () => SimulatorStats;
};

type Wallet = { address: Address; sender: TxSender; funded: boolean; busy: boolean; swapsOnly: boolean };

/** What a step is doing, for its log line; filled in as the step decides. */
type Plan = { action: string };

type Position =
  | { venue: "UNISWAP_V2"; wallet: Wallet; pool: DevnetV2Pool }
  | { venue: "UNISWAP_V3"; wallet: Wallet; pool: DevnetV3Pool; position: V3Position }
  | { venue: "UNISWAP_V4"; wallet: Wallet; pool: DevnetV4Pool; position: V4Position };

const VENUES: Venue[] = ["UNISWAP_V2", "UNISWAP_V3", "UNISWAP_V4"];
/** ETH a wallet keeps for gas; never traded. */
const GAS_RESERVE = parseEther("5");
const WALLET_ETH = parseEther("1000");
/** Most native ETH a wallet puts into one action's sizing, so ETH trades look like WETH ones. */
const TRADED_ETH = parseEther("30");
const WALLET_TOKEN_USD = 25_000;
const SYLLABLES = [
  "MO",
  "ON",
  "ZA",
  "PE",
  "KI",
  "TO",
  "RA",
  "LU",
  "NI",
  "BO",
  "GA",
  "XI",
  "DO",
  "FU",
  "WEN",
  "CAT",
];

const emptyStats = (): SimulatorStats => ({
  steps: 0,
  swaps: { UNISWAP_V2: 0, UNISWAP_V3: 0, UNISWAP_V4: 0 },
  routed: 0,
  liquidityAdded: 0,
  liquidityRemoved: 0,
  launches: 0,
  walletsFunded: 0,
  failed: 0,
});

const silentLogger: SimulatorLogger = { debug() {}, info() {}, warn() {} };

/** `amount` times a non-negative float, exactly in the float's binary value and rounded down. */
function scale(amount: bigint, fraction: number): bigint {
  if (!(fraction > 0) || !Number.isFinite(fraction)) return 0n;
  const exponent = Math.floor(Math.log2(fraction)) - 52;
  const mantissa = BigInt(Math.round(fraction / 2 ** exponent));
  return exponent >= 0 ? (amount * mantissa) << BigInt(exponent) : (amount * mantissa) >> BigInt(-exponent);
}

/**
 * A market on the devnet: wallets derived from `seed` (funded with 1000 ETH through
 * `anvil_setBalance`, $25k of each seed token minted by the deployer, and 30 WETH they wrap
 * themselves) that, step by step:
 * - swap (most steps) on V2 (Router02, sometimes two hops, sometimes paying or receiving ETH),
 *   V3 (SwapRouter, sometimes paying ETH) and V4 (PoolSwapTest, native-ETH pools included), both
 *   directions with a drifting per-token bias, exact input and exact output, sizes log-uniform
 *   with the odd large trade;
 * - add liquidity (V2 router, V3 full-range or ranged NFT positions, V4 positions) and remove it;
 * - launch a new 18-decimal token and its first pool against WETH, USDC or native ETH.
 *
 * Every choice comes from a PRNG seeded with `seed`. A step that fails (a reverting call is caught
 * at gas estimation and never sent) is logged at warn and counted; the simulator carries on.
 * @example
 * const sim = createMarketSimulator({ client, deployment, wallets: 8, seed: 1 });
 * sim.start();
 * // ...
 * await sim.stop();
 */
export function createMarketSimulator(opts: MarketSimulatorOptions): MarketSimulator {
  const { client, deployment } = opts;
  const logger = opts.logger ?? silentLogger;
  const rng = createRng(opts.seed);
  const artifacts = loadDevnetArtifacts();
  const erc20 = deployment.abis.erc20MinterPauser;
  const v2 = createUniswapV2Actions(client, deployment);
  const v3 = createUniswapV3Actions(client, deployment);
  const v4 = createUniswapV4Actions(client, deployment);
  const deployer = createTxSender(client, client.account.address);
  const weth = deployment.weth;
  const quotes = new Set<Address>([weth, deployment.usdc, NATIVE]);

  const walletCount = Math.max(1, opts.wallets ?? 10);
  const wallets: Wallet[] = Array.from({ length: walletCount }, (_, i) => {
    const key = keccak256(
      encodePacked(["string", "string", "uint256"], ["tapeline-devnet", String(opts.seed), BigInt(i)]),
    );
    const sender = createTxSender(client, privateKeyToAccount(key));
    return { address: sender.address, sender, funded: false, busy: false, swapsOnly: false };
  });
  for (const sender of opts.smartAccounts ?? [])
    wallets.push({ address: sender.address, sender, funded: false, busy: false, swapsOnly: true });

  const tokens: DevnetToken[] = [...deployment.tokens];
  const tokenByAddress = new Map(tokens.map((t) => [t.address, t]));
  const seedTokens = new Set(deployment.tokens.map((t) => t.address));
  const pools: DevnetPool[] = [...deployment.pools];
  const seedPools = new Set(deployment.pools.map((p) => p.id));
  /** Launched pools drained of all liquidity. */
  const retired = new Set<string>();
  const positions: Position[] = [];
  const sentiment = new Map<Address, number>();
  const totals = emptyStats();

  const decimalsOf = (token: Address) =>
    token === NATIVE ? 18 : (tokenByAddress.get(token)?.decimals ?? 18);
  const priceOf = (token: Address) =>
    token === NATIVE ? DEVNET_ETH_PRICE_USD : (tokenByAddress.get(token)?.seedPriceUsd ?? 1);

  /** What a wallet trades with: its token balance, or its ETH above the gas reserve, capped like its WETH. */
  async function spendable(wallet: Wallet, token: Address): Promise<bigint> {
    if (token === NATIVE) {
      const balance = await client.getBalance({ address: wallet.address });
      const free = balance > GAS_RESERVE ? balance - GAS_RESERVE : 0n;
      return free < TRADED_ETH ? free : TRADED_ETH;
    }
    return (await client.readContract({
      address: token,
      abi: erc20,
      functionName: "balanceOf",
      args: [wallet.address],
    })) as bigint;
  }

  function mintCall(wallet: Wallet, token: DevnetToken, usd: number): ContractCall {
    const abi = token.implementation === "MockERC20" ? artifacts.erc20WithDecimals.abi : erc20;
    const amount = tokenAmountForUsd(usd, token.seedPriceUsd, token.decimals);
    return { address: token.address, abi, functionName: "mint", args: [wallet.address, amount] };
  }

  async function onboard(wallet: Wallet): Promise<void> {
    if (wallet.funded) return;
    await client.setBalance({ address: wallet.address, value: WALLET_ETH });
    const mints = deployment.tokens
      .filter((token) => token.address !== weth)
      .map((token) => mintCall(wallet, token, WALLET_TOKEN_USD));
    await deployer.writeAll(mints, `fund ${wallet.address}`);
    await wallet.sender.write(
      { address: weth, abi: deployment.abis.weth9, functionName: "deposit", value: parseEther("30") },
      "wrap ETH",
    );
    wallet.funded = true;
    totals.walletsFunded++;
  }

  /** Tops a wallet up when it runs low on a token it can get more of; returns what it can spend. */
  async function refill(wallet: Wallet, token: Address): Promise<bigint> {
    const balance = await spendable(wallet, token);
    const lowUsd = 100;
    if ((Number(balance) / 10 ** decimalsOf(token)) * priceOf(token) >= lowUsd) return balance;
    if (token === NATIVE) {
      await client.setBalance({ address: wallet.address, value: WALLET_ETH });
    } else if (token === weth) {
      const amount = parseEther("30");
      await wallet.sender.write(
        { address: weth, abi: deployment.abis.weth9, functionName: "deposit", value: amount },
        "wrap ETH",
      );
    } else if (seedTokens.has(token)) {
      await deployer.write(
        mintCall(wallet, tokenByAddress.get(token)!, WALLET_TOKEN_USD),
        `refill ${wallet.address}`,
      );
    } else {
      return balance;
    }
    return spendable(wallet, token);
  }

  function pickWallet(): Wallet {
    const start = rng.int(wallets.length);
    for (let i = 0; i < wallets.length; i++) {
      const wallet = wallets[(start + i) % wallets.length]!;
      if (!wallet.busy) return wallet;
    }
    return wallets[start]!;
  }

  /** The traded token and the one it is priced in (WETH/USDC: WETH is traded against USDC). */
  function baseQuote(pool: DevnetPool): [Address, Address] {
    const { token0, token1 } = pool;
    if (quotes.has(token0) && quotes.has(token1))
      return token0 === deployment.usdc ? [token1, token0] : [token0, token1];
    return quotes.has(token0) ? [token1, token0] : [token0, token1];
  }

  function driftSentiment(): void {
    const traded = tokens.filter((t) => !quotes.has(t.address));
    if (traded.length === 0) return;
    const token = rng.pick(traded).address;
    const next = (sentiment.get(token) ?? 0) + (rng.next() - 0.5) * 0.3;
    sentiment.set(token, Math.max(-0.8, Math.min(0.8, next)));
  }

  /** Raw units of the other token one raw unit of `tokenIn` buys at the pool's mid price. */
  async function outPerIn(pool: DevnetPool, tokenIn: Address): Promise<number> {
    let oneForZero: number;
    if (pool.venue === "UNISWAP_V2") {
      const [r0, r1] = (await client.readContract({
        address: pool.address,
        abi: deployment.abis.uniswapV2Pair,
        functionName: "getReserves",
      })) as readonly [bigint, bigint, number];
      oneForZero = Number(r1) / Number(r0);
    } else {
      const sqrtPriceX96 =
        pool.venue === "UNISWAP_V3"
          ? (
              (await client.readContract({
                address: pool.address,
                abi: deployment.abis.uniswapV3Pool,
                functionName: "slot0",
              })) as readonly [bigint]
            )[0]
          : (await v4.slot0(pool)).sqrtPriceX96;
      oneForZero = (Number(sqrtPriceX96) / 2 ** 96) ** 2;
    }
    return tokenIn === pool.token0 ? oneForZero : 1 / oneForZero;
  }

  /** A second V2 hop out of `mid`, avoiding `from`: the other token of some pair holding `mid`. */
  function secondHop(mid: Address, from: Address): Address | null {
    const next = pools.filter(
      (p) =>
        p.venue === "UNISWAP_V2" &&
        (p.token0 === mid || p.token1 === mid) &&
        p.token0 !== from &&
        p.token1 !== from,
    );
    if (next.length === 0) return null;
    const pair = rng.pick(next);
    return pair.token0 === mid ? pair.token1 : pair.token0;
  }

  /** A swap along one of the router's routes, sized like a single-pool swap. */
  async function routedSwap(wallet: Wallet, routing: DevnetRouting, plan: Plan): Promise<void> {
    const route = rng.pick(routing.routes);
    const tokenIn = route.name.startsWith("ETH>") ? NATIVE : route.hops[0]!.tokenIn;
    let balance = await refill(wallet, tokenIn);
    if (tokenIn === routing.feeToken && balance < parseEther("1000")) {
      await deployer.write(
        {
          address: tokenIn,
          abi: erc20,
          functionName: "transfer",
          args: [wallet.address, parseEther("200000")],
        },
        `fund ${wallet.address} with the fee token`,
      );
      balance = await spendable(wallet, tokenIn);
    }
    const amountIn = scale(balance, rng.logUniform(0.002, 0.06));
    plan.action = `route ${route.name} ${amountIn}`;
    if (amountIn === 0n) return;
    await routing.swap(wallet.sender, route, amountIn);
    totals.routed++;
  }

  async function swap(wallet: Wallet, plan: Plan): Promise<void> {
    if (opts.routing && rng.chance(0.3)) return routedSwap(wallet, opts.routing, plan);
    const venue = rng.pick(VENUES);
    const pool = rng.pick(pools.filter((p) => p.venue === venue && !retired.has(p.id)));
    const [base, quote] = baseQuote(pool);
    const buy = rng.chance(0.5 + (sentiment.get(base) ?? 0) / 2);
    const exactOutput = rng.chance(0.12);
    const fraction = rng.chance(0.03) ? rng.logUniform(0.1, 0.4) : rng.logUniform(0.002, 0.06);
    const useNative = rng.chance(0.5);
    const hop = venue === "UNISWAP_V2" && rng.chance(0.15);

    let tokenIn = buy ? quote : base;
    let balance = await refill(wallet, tokenIn);
    if (balance === 0n) {
      // Nobody mints launched tokens: a wallet without any buys instead of selling.
      tokenIn = tokenIn === base ? quote : base;
      balance = await refill(wallet, tokenIn);
    }
    const tokenOut = tokenIn === pool.token0 ? pool.token1 : pool.token0;
    const amountIn = scale(balance, fraction);
    plan.action = `swap ${pool.venue} ${pool.id} ${exactOutput ? "exact out" : "exact in"} ${amountIn} ${tokenIn}>${tokenOut}`;
    if (amountIn === 0n) {
      plan.action = `skip swap: ${wallet.address} holds no ${tokenIn}`;
      return;
    }
    // Exact output asks for a bit less than amountIn buys at the pool's current price (fees, impact).
    const amount = exactOutput ? scale(amountIn, (await outPerIn(pool, tokenIn)) * 0.9) : amountIn;
    if (amount === 0n) {
      plan.action = "skip swap: dust";
      return;
    }

    if (pool.venue === "UNISWAP_V2") {
      const path = [tokenIn, tokenOut];
      const third = hop ? secondHop(tokenOut, tokenIn) : null;
      if (third && !exactOutput) path.push(third);
      const last = path[path.length - 1]!;
      await v2.swap(wallet.sender, {
        path,
        amount,
        exactOutput,
        maxIn: balance,
        nativeIn: useNative && tokenIn === weth && (await spendable(wallet, NATIVE)) > amountIn,
        nativeOut: useNative && last === weth && tokenIn !== weth,
      });
    } else if (pool.venue === "UNISWAP_V3") {
      const nativeIn =
        useNative && tokenIn === weth && !exactOutput && (await spendable(wallet, NATIVE)) > amountIn;
      await v3.swap(wallet.sender, pool, { tokenIn, amount, exactOutput, maxIn: balance, nativeIn });
    } else {
      await v4.swap(wallet.sender, pool, { tokenIn, amount, exactOutput, maxIn: balance });
    }
    totals.swaps[pool.venue]++;
  }

  async function addLiquidity(wallet: Wallet, plan: Plan): Promise<void> {
    const pool = rng.pick(pools.filter((p) => !retired.has(p.id)));
    const fraction = rng.logUniform(0.05, 0.3);
    const width = rng.chance(0.4) ? undefined : rng.pick([200, 1000, 4000]);
    const nativeEth = rng.chance(0.5);
    const amount0 = scale(await refill(wallet, pool.token0), fraction);
    const amount1 = scale(await refill(wallet, pool.token1), fraction);
    if (amount0 === 0n || amount1 === 0n) return swap(wallet, plan);
    plan.action = `add liquidity ${pool.venue} ${pool.id} ${amount0}/${amount1}${width ? ` ±${width} ticks` : ""}`;
    if (pool.venue === "UNISWAP_V2") {
      await v2.addLiquidity(wallet.sender, pool, amount0, amount1, nativeEth);
      const held = positions.some((p) => p.venue === "UNISWAP_V2" && p.pool === pool && p.wallet === wallet);
      if (!held) positions.push({ venue: pool.venue, wallet, pool });
    } else if (pool.venue === "UNISWAP_V3") {
      const position = await v3.addLiquidity(wallet.sender, pool, amount0, amount1, width);
      positions.push({ venue: pool.venue, wallet, pool, position });
    } else {
      const position = await v4.addLiquidity(wallet.sender, pool, amount0, amount1, width);
      // The router holds one position per (ticks, salt = sender): merge repeated adds into it.
      const held = positions.find(
        (p): p is Extract<Position, { venue: "UNISWAP_V4" }> =>
          p.venue === "UNISWAP_V4" &&
          p.pool === pool &&
          p.wallet === wallet &&
          p.position.tickLower === position.tickLower &&
          p.position.tickUpper === position.tickUpper,
      );
      if (held) held.position.liquidity += position.liquidity;
      else positions.push({ venue: pool.venue, wallet, pool, position });
    }
    totals.liquidityAdded++;
  }

  async function removeLiquidity(held: Position, plan: Plan): Promise<void> {
    const bps = rng.pick([2500, 5000, 10_000]);
    const { wallet } = held;
    plan.action = `remove ${bps / 100}% liquidity ${held.venue} ${held.pool.id}`;
    const drop = () => {
      positions.splice(positions.indexOf(held), 1);
      // A launched pool whose last liquidity left is dead (a rug pull): nobody trades it any more.
      if (!seedPools.has(held.pool.id) && !positions.some((p) => p.pool === held.pool))
        retired.add(held.pool.id);
    };
    if (held.venue === "UNISWAP_V2") {
      if ((await v2.removeLiquidity(wallet.sender, held.pool, bps)) === null || bps === 10_000) drop();
    } else {
      const liquidity = (held.position.liquidity * BigInt(bps)) / 10_000n;
      if (held.venue === "UNISWAP_V3") await v3.removeLiquidity(wallet.sender, held.position, liquidity);
      else await v4.removeLiquidity(wallet.sender, held.pool, held.position, liquidity);
      held.position.liquidity -= liquidity;
      if (held.position.liquidity === 0n) drop();
    }
    totals.liquidityRemoved++;
  }

  async function launch(wallet: Wallet, plan: Plan): Promise<void> {
    let symbol = Array.from({ length: 2 + rng.int(2) }, () => rng.pick(SYLLABLES)).join("");
    if (tokens.some((t) => t.symbol === symbol)) symbol = `${symbol}${totals.launches + 1}`;
    const priceUsd = rng.logUniform(1e-6, 2);
    const venue = rng.pick(VENUES);
    const quote = rng.pick(venue === "UNISWAP_V4" ? [NATIVE, deployment.usdc] : [weth, deployment.usdc]);
    const quoteUsd = rng.logUniform(5_000, 50_000);
    const [fee, tickSpacing] = rng.pick([
      [3000, 60],
      [10_000, 200],
    ] as const);
    const nativeEth = rng.chance(0.5);

    const available = await refill(wallet, quote);
    const quoteAmount = tokenAmountForUsd(quoteUsd, priceOf(quote), decimalsOf(quote));
    const amountQuote = quoteAmount < available / 2n ? quoteAmount : available / 2n;
    if (amountQuote === 0n) return swap(wallet, plan);
    plan.action = `launch ${symbol} on ${venue} against ${quote}`;
    const usd = (Number(amountQuote) / 10 ** decimalsOf(quote)) * priceOf(quote);
    const amountToken = tokenAmountForUsd(usd, priceUsd, 18);
    // The creator keeps as much again to sell into its pool.
    const token = await deployDevnetToken(wallet.sender, artifacts, {
      name: `${symbol[0]}${symbol.slice(1).toLowerCase()} Token`,
      symbol,
      decimals: 18,
      supply: amountToken * 2n,
      seedPriceUsd: priceUsd,
    });
    tokens.push(token);
    tokenByAddress.set(token.address, token);
    const req = { tokenA: token.address, tokenB: quote, amountA: amountToken, amountB: amountQuote };
    if (venue === "UNISWAP_V2") {
      const pool = await v2.createPool(wallet.sender, { ...req, nativeEth });
      pools.push(pool);
      positions.push({ venue, wallet, pool });
    } else if (venue === "UNISWAP_V3") {
      const { pool, position } = await v3.createPool(wallet.sender, { ...req, fee });
      pools.push(pool);
      positions.push({ venue, wallet, pool, position });
    } else {
      const { pool, position } = await v4.createPool(wallet.sender, { ...req, fee, tickSpacing });
      pools.push(pool);
      positions.push({ venue, wallet, pool, position });
    }
    totals.launches++;
    plan.action = `launch ${symbol} ${token.address} on ${venue} against ${quote}`;
  }

  async function step(): Promise<void> {
    const roll = rng.next();
    driftSentiment();
    const removable = positions.filter((p) => !p.wallet.busy);
    const held = roll >= 0.88 && roll < 0.96 && removable.length > 0 ? rng.pick(removable) : null;
    const wallet = held ? held.wallet : pickWallet();
    wallet.busy = true;
    const kind = held
      ? "remove liquidity"
      : wallet.swapsOnly
        ? "swap"
        : roll >= 0.8 && roll < 0.88
          ? "add liquidity"
          : roll >= 0.96 && totals.launches < (opts.maxLaunches ?? 25)
            ? "launch"
            : "swap";
    const plan: Plan = { action: kind };
    try {
      await onboard(wallet);
      if (held) await removeLiquidity(held, plan);
      else if (kind === "add liquidity") await addLiquidity(wallet, plan);
      else if (kind === "launch") await launch(wallet, plan);
      else await swap(wallet, plan);
      logger.debug({ wallet: wallet.address, action: plan.action }, "simulator step done");
    } catch (err) {
      totals.failed++;
      const reason = (err as { shortMessage?: string }).shortMessage ?? (err as Error).message;
      logger.warn(
        { wallet: wallet.address, action: plan.action, reason },
        "simulator step failed; continuing",
      );
    } finally {
      wallet.busy = false;
      totals.steps++;
    }
  }

  let running = false;
  let loops: Promise<void>[] = [];
  let wake: () => void = () => {};
  let woken = new Promise<void>((resolve) => {
    wake = resolve;
  });

  async function loop(): Promise<void> {
    while (running) {
      await step();
      if (!running) break;
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        new Promise((resolve) => {
          timer = setTimeout(resolve, opts.paceMs ?? 250);
        }),
        woken,
      ]);
      clearTimeout(timer);
    }
  }

  const snapshot = (): SimulatorStats => ({ ...totals, swaps: { ...totals.swaps } });

  return {
    wallets: wallets.map((w) => w.address),
    start() {
      if (running) return;
      running = true;
      woken = new Promise<void>((resolve) => {
        wake = resolve;
      });
      const concurrency = Math.min(Math.max(1, opts.concurrency ?? 1), wallets.length);
      loops = Array.from({ length: concurrency }, () => loop());
      logger.info({ wallets: wallets.length, concurrency }, "market simulator started");
    },
    async stop() {
      if (!running) return;
      running = false;
      wake();
      await Promise.all(loops);
      loops = [];
      logger.info({ ...snapshot() }, "market simulator stopped");
    },
    async runSimulatorSteps(n) {
      const before = snapshot();
      for (let i = 0; i < n; i++) await step();
      const after = snapshot();
      return {
        steps: after.steps - before.steps,
        swaps: {
          UNISWAP_V2: after.swaps.UNISWAP_V2 - before.swaps.UNISWAP_V2,
          UNISWAP_V3: after.swaps.UNISWAP_V3 - before.swaps.UNISWAP_V3,
          UNISWAP_V4: after.swaps.UNISWAP_V4 - before.swaps.UNISWAP_V4,
        },
        routed: after.routed - before.routed,
        liquidityAdded: after.liquidityAdded - before.liquidityAdded,
        liquidityRemoved: after.liquidityRemoved - before.liquidityRemoved,
        launches: after.launches - before.launches,
        walletsFunded: after.walletsFunded - before.walletsFunded,
        failed: after.failed - before.failed,
      };
    },
    pools: () => [...pools],
    tokens: () => [...tokens],
    stats: snapshot,
  };
}
