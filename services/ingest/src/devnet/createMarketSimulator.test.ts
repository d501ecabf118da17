import {
  type Address,
  decodeEventLog,
  type Hex,
  hexToBigInt,
  parseAbi,
  parseAbiItem,
  type RpcLog,
  type RpcTransactionReceipt,
  toEventSelector,
  toHex,
} from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDevnetClient, type DevnetClient } from "./createDevnetClient.ts";
import {
  createMarketSimulator,
  type MarketSimulator,
  type SimulatorLogger,
} from "./createMarketSimulator.ts";
import type { DevnetDeployment } from "./DevnetDeployment.ts";
import { deployUniswap } from "./deployUniswap.ts";
import { type AnvilHandle, startAnvil } from "./startAnvil.ts";

// The events exactly as the Uniswap contracts declare them.
const events = {
  transfer: parseAbiItem("event Transfer(address indexed from, address indexed to, uint256 value)"),
  v2Swap: parseAbiItem(
    "event Swap(address indexed sender, uint256 amount0In, uint256 amount1In, uint256 amount0Out, uint256 amount1Out, address indexed to)",
  ),
  v3Swap: parseAbiItem(
    "event Swap(address indexed sender, address indexed recipient, int256 amount0, int256 amount1, uint160 sqrtPriceX96, uint128 liquidity, int24 tick)",
  ),
  v4Swap: parseAbiItem(
    "event Swap(bytes32 indexed id, address indexed sender, int128 amount0, int128 amount1, uint160 sqrtPriceX96, uint128 liquidity, int24 tick, uint24 fee)",
  ),
  pairCreated: parseAbiItem(
    "event PairCreated(address indexed token0, address indexed token1, address pair, uint256 allPairsLength)",
  ),
  poolCreated: parseAbiItem(
    "event PoolCreated(address indexed token0, address indexed token1, uint24 indexed fee, int24 tickSpacing, address pool)",
  ),
  v4Initialize: parseAbiItem(
    "event Initialize(bytes32 indexed id, address indexed currency0, address indexed currency1, uint24 fee, int24 tickSpacing, address hooks, uint160 sqrtPriceX96, int24 tick)",
  ),
  v2Mint: parseAbiItem("event Mint(address indexed sender, uint256 amount0, uint256 amount1)"),
  v2Burn: parseAbiItem(
    "event Burn(address indexed sender, uint256 amount0, uint256 amount1, address indexed to)",
  ),
  v3Mint: parseAbiItem(
    "event Mint(address sender, address indexed owner, int24 indexed tickLower, int24 indexed tickUpper, uint128 amount, uint256 amount0, uint256 amount1)",
  ),
  v3Burn: parseAbiItem(
    "event Burn(address indexed owner, int24 indexed tickLower, int24 indexed tickUpper, uint128 amount, uint256 amount0, uint256 amount1)",
  ),
  v4ModifyLiquidity: parseAbiItem(
    "event ModifyLiquidity(bytes32 indexed id, address indexed sender, int24 tickLower, int24 tickUpper, int256 liquidityDelta, bytes32 salt)",
  ),
};
const pauseAbi = parseAbi(["function pause()"]);
const NATIVE = "0x0000000000000000000000000000000000000000";
const SEED = "devnet-test";
const STEPS = 60;

type Devnet = {
  anvil: AnvilHandle;
  client: DevnetClient;
  deployment: DevnetDeployment;
  simulator: MarketSimulator;
  warnings: string[];
};

async function startDevnet(seed: string): Promise<Devnet> {
  const anvil = await startAnvil();
  try {
    const client = createDevnetClient({ rpcUrl: anvil.rpcUrl, chainId: anvil.chainId });
    const deployment = await deployUniswap(client);
    const warnings: string[] = [];
    const logger: SimulatorLogger = {
      debug() {},
      info() {},
      warn: (obj, msg) => warnings.push(`${msg} ${JSON.stringify(obj)}`),
    };
    const simulator = createMarketSimulator({ client, deployment, wallets: 6, seed, logger, paceMs: 0 });
    return { anvil, client, deployment, simulator, warnings };
  } catch (err) {
    await anvil.stop();
    throw err;
  }
}

/** One plain JSON-RPC call to the node. */
async function jsonRpc<T>(url: string, method: string, params: unknown[]): Promise<T> {
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  const body = (await res.json()) as { result?: T; error?: { message: string } };
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result as T;
}

/** eth_getLogs from `fromBlock` to the head, filtered by the event's topic0 (all logs when null). */
function getLogs(devnet: Devnet, signature: Hex | null, fromBlock: bigint): Promise<RpcLog[]> {
  const filter = {
    fromBlock: toHex(fromBlock),
    toBlock: "latest",
    ...(signature ? { topics: [signature] } : {}),
  };
  return jsonRpc(devnet.anvil.rpcUrl, "eth_getLogs", [filter]);
}

function decode<E extends (typeof events)[keyof typeof events]>(event: E, log: RpcLog) {
  return decodeEventLog({ abi: [event], data: log.data, topics: log.topics as [Hex, ...Hex[]] })
    .args as Record<string, unknown>;
}

const addr = (value: unknown) => String(value).toLowerCase() as Address;

/** Net amount of `token` that moved into `holder` in a receipt, from its ERC-20 Transfer logs. */
function netInflow(
  receipt: RpcTransactionReceipt,
  token: Address,
  holder: Address,
): { in: bigint; out: bigint } {
  const topic = toEventSelector(events.transfer);
  let inflow = 0n;
  let outflow = 0n;
  for (const log of receipt.logs) {
    if (addr(log.address) !== token || log.topics[0] !== topic || log.topics.length !== 3) continue;
    const args = decode(events.transfer, log as RpcLog);
    if (addr(args.to) === holder) inflow += args.value as bigint;
    if (addr(args.from) === holder) outflow += args.value as bigint;
  }
  return { in: inflow, out: outflow };
}

describe("createMarketSimulator", () => {
  let a: Devnet;
  let b: Devnet;
  const receipts = new Map<string, RpcTransactionReceipt>();
  const receipt = async (hash: Hex) => {
    let found = receipts.get(hash);
    if (!found) {
      found = await jsonRpc<RpcTransactionReceipt>(a.anvil.rpcUrl, "eth_getTransactionReceipt", [hash]);
      receipts.set(hash, found);
    }
    return found;
  };

  beforeAll(async () => {
    // Two fresh devnets with the same seed: one is read, the other proves the replay.
    [a, b] = await Promise.all([startDevnet(SEED), startDevnet(SEED)]);
    await Promise.all([a.simulator.runSimulatorSteps(STEPS), b.simulator.runSimulatorSteps(STEPS)]);
  });

  afterAll(async () => {
    await Promise.all([a?.simulator.stop(), b?.simulator.stop()]);
    await Promise.all([a?.anvil.stop(), b?.anvil.stop()]);
  });

  it("trades on every venue without a failed step", async () => {
    const from = a.deployment.endBlock + 1n;
    const [v2, v3, v4] = await Promise.all([
      getLogs(a, toEventSelector(events.v2Swap), from),
      getLogs(a, toEventSelector(events.v3Swap), from),
      getLogs(a, toEventSelector(events.v4Swap), from),
    ]);
    expect(v2.length).toBeGreaterThan(0);
    expect(v3.length).toBeGreaterThan(0);
    expect(v4.length).toBeGreaterThan(0);
    expect(v4.every((log) => addr(log.address) === a.deployment.contracts.uniswapV4PoolManager)).toBe(true);
    expect(a.warnings).toEqual([]);
    expect(a.simulator.stats().failed).toBe(0);
  });

  it("emits V2 Swap amounts equal to the pair's token transfers in the same transaction", async () => {
    const pairs = new Map<Address, [Address, Address]>();
    for (const log of await getLogs(a, toEventSelector(events.pairCreated), a.deployment.startBlock)) {
      const args = decode(events.pairCreated, log);
      pairs.set(addr(args.pair), [addr(args.token0), addr(args.token1)]);
    }
    const swaps = await getLogs(a, toEventSelector(events.v2Swap), a.deployment.endBlock + 1n);
    expect(swaps.length).toBeGreaterThan(0);
    for (const log of swaps) {
      const pair = addr(log.address);
      const tokens = pairs.get(pair);
      expect(tokens, `${pair} was created by the V2 factory`).toBeDefined();
      const [token0, token1] = tokens!;
      const args = decode(events.v2Swap, log);
      const r = await receipt(log.transactionHash!);
      const flow0 = netInflow(r, token0, pair);
      const flow1 = netInflow(r, token1, pair);
      expect({
        amount0In: args.amount0In,
        amount1In: args.amount1In,
        amount0Out: args.amount0Out,
        amount1Out: args.amount1Out,
      }).toEqual({ amount0In: flow0.in, amount1In: flow1.in, amount0Out: flow0.out, amount1Out: flow1.out });
      // What left the pair went to the recipient the Swap names.
      const outs = r.logs.filter(
        (l) =>
          l.topics[0] === toEventSelector(events.transfer) &&
          [token0, token1].includes(addr(l.address)) &&
          addr(decode(events.transfer, l as RpcLog).from) === pair,
      );
      for (const out of outs) expect(addr(decode(events.transfer, out as RpcLog).to)).toBe(addr(args.to));
    }
  });

  it("emits V3 Swap amounts equal to the pool's net token flow", async () => {
    const pools = new Map<Address, [Address, Address]>();
    for (const log of await getLogs(a, toEventSelector(events.poolCreated), a.deployment.startBlock)) {
      const args = decode(events.poolCreated, log);
      pools.set(addr(args.pool), [addr(args.token0), addr(args.token1)]);
    }
    const swaps = await getLogs(a, toEventSelector(events.v3Swap), a.deployment.endBlock + 1n);
    expect(swaps.length).toBeGreaterThan(0);
    for (const log of swaps) {
      const pool = addr(log.address);
      const [token0, token1] = pools.get(pool)!;
      const args = decode(events.v3Swap, log);
      const r = await receipt(log.transactionHash!);
      const flow0 = netInflow(r, token0, pool);
      const flow1 = netInflow(r, token1, pool);
      expect([args.amount0, args.amount1]).toEqual([flow0.in - flow0.out, flow1.in - flow1.out]);
    }
  });

  it("emits V4 Swap deltas matching the PoolManager's token flow (and the ETH sent for native pools)", async () => {
    const manager = a.deployment.contracts.uniswapV4PoolManager;
    const keys = new Map<Hex, [Address, Address]>();
    for (const log of await getLogs(a, toEventSelector(events.v4Initialize), a.deployment.startBlock)) {
      const args = decode(events.v4Initialize, log);
      keys.set(String(args.id).toLowerCase() as Hex, [addr(args.currency0), addr(args.currency1)]);
    }
    const swaps = await getLogs(a, toEventSelector(events.v4Swap), a.deployment.endBlock + 1n);
    let nativeChecked = 0;
    for (const log of swaps) {
      const args = decode(events.v4Swap, log);
      const currencies = keys.get(String(args.id).toLowerCase() as Hex)!;
      const r = await receipt(log.transactionHash!);
      for (const [currency, delta] of [
        [currencies[0], args.amount0 as bigint],
        [currencies[1], args.amount1 as bigint],
      ] as const) {
        if (currency === NATIVE) {
          // The swapper pays with the transaction's value (the router refunds any excess).
          if (delta < 0n) {
            const tx = await jsonRpc<{ value: Hex }>(a.anvil.rpcUrl, "eth_getTransactionByHash", [
              log.transactionHash,
            ]);
            expect(hexToBigInt(tx.value) >= -delta).toBe(true);
            nativeChecked++;
          }
          continue;
        }
        const flow = netInflow(r, currency, manager);
        // A negative delta is owed by the swapper and arrives at the PoolManager.
        expect(-delta).toBe(flow.in - flow.out);
      }
    }
    expect(nativeChecked).toBeGreaterThan(0);
  });

  it("adds and removes liquidity and launches new pools", async () => {
    const from = a.deployment.endBlock + 1n;
    const count = async (
      event: (typeof events)[keyof typeof events],
      keep: (log: RpcLog) => boolean = () => true,
    ) => (await getLogs(a, toEventSelector(event), from)).filter(keep).length;
    const v4Delta = (log: RpcLog) => decode(events.v4ModifyLiquidity, log).liquidityDelta as bigint;
    const added =
      (await count(events.v2Mint)) +
      (await count(events.v3Mint)) +
      (await count(events.v4ModifyLiquidity, (l) => v4Delta(l) > 0n));
    const removed =
      (await count(events.v2Burn)) +
      (await count(events.v3Burn)) +
      (await count(events.v4ModifyLiquidity, (l) => v4Delta(l) < 0n));
    const created =
      (await count(events.pairCreated)) +
      (await count(events.poolCreated)) +
      (await count(events.v4Initialize));
    expect(added).toBeGreaterThan(0);
    expect(removed).toBeGreaterThan(0);
    expect(created).toBeGreaterThan(0);
    expect(a.simulator.pools().length).toBe(a.deployment.pools.length + created);
  });

  it("replays the same logs for the same seed", async () => {
    const strip = (logs: RpcLog[]) =>
      logs.map((l) => [l.blockNumber, addr(l.address), l.topics.join(","), l.data]);
    const [logsA, logsB] = await Promise.all([getLogs(a, null, 0n), getLogs(b, null, 0n)]);
    expect(logsA.length).toBeGreaterThan(0);
    expect(strip(logsB)).toEqual(strip(logsA));
    expect(b.simulator.wallets).toEqual(a.simulator.wallets);
  });

  it("logs and carries on when transactions revert", async () => {
    // Pausing an OpenZeppelin token makes every transfer of it revert.
    const link = b.deployment.tokens.find((t) => t.symbol === "LINK")!.address;
    await b.client.writeContract({ address: link, abi: pauseAbi, functionName: "pause", chain: null });
    const pausedAt = await b.client.getBlockNumber();
    const stats = await b.simulator.runSimulatorSteps(40);
    expect(stats.steps).toBe(40);
    expect(stats.failed).toBeGreaterThan(0);
    expect(b.warnings.length).toBe(b.simulator.stats().failed);
    expect(b.warnings.some((w) => w.includes("simulator step failed"))).toBe(true);
    const swapsAfter = await getLogs(b, toEventSelector(events.v2Swap), pausedAt + 1n);
    const v3After = await getLogs(b, toEventSelector(events.v3Swap), pausedAt + 1n);
    const v4After = await getLogs(b, toEventSelector(events.v4Swap), pausedAt + 1n);
    expect(swapsAfter.length + v3After.length + v4After.length).toBeGreaterThan(0);
  });

  it("steps in the background between start() and stop()", async () => {
    const before = a.simulator.stats().steps;
    const head = await a.client.getBlockNumber();
    a.simulator.start();
    a.simulator.start();
    for (let i = 0; i < 400 && a.simulator.stats().steps < before + 3; i++) {
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    await a.simulator.stop();
    const after = a.simulator.stats().steps;
    expect(after).toBeGreaterThanOrEqual(before + 3);
    expect(await a.client.getBlockNumber()).toBeGreaterThan(head);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(a.simulator.stats().steps).toBe(after);
  });
});
