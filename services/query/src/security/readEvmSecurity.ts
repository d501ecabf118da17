import { HONEYPOT_SELL_TAX_PCT, type SecuritySimulation, type TokenSecurity } from "@tapeline/core";
import {
  decodeAbiParameters,
  decodeFunctionResult,
  encodeFunctionData,
  type Hex,
  parseAbi,
  parseAbiParameters,
  toEventSelector,
} from "viem";
import type { NodeAnswer, NodeCall, NodeRpc } from "../portfolio/createNodeRpc.ts";
import { hexBytes, minimalProxyTarget, riskyFunctions } from "./scanCode.ts";
import { SIMULATOR_RUNTIME } from "./simulatorBytecode.ts";

/**
 * The token's pool the simulation runs on: a Uniswap V2-style pair (also the pool its LP shares
 * are read from; `feeBps` its swap fee) or a Uniswap V3 pool (its fee is applied by the pool).
 */
export type SimulationPool =
  | { kind: "v2"; address: string; quote: string; feeBps: number }
  | { kind: "v3"; address: string; quote: string }
  | {
      kind: "v4";
      /** the pool id */
      address: string;
      quote: string;
      manager: string;
      /** the block of the pool's Initialize event, which carries its key */
      createdBlock: bigint;
    };

/** A Uniswap V4 PoolKey, as the pool's Initialize event gives it. */
type V4Key = { currency0: Hex; currency1: Hex; fee: number; tickSpacing: number; hooks: Hex };

const V4_INITIALIZE = toEventSelector(
  "Initialize(bytes32,address,address,uint24,int24,address,uint160,int24)",
);

/** The pool's key from its Initialize log at its creation block; null when the node has none. */
async function v4KeyOf(rpc: NodeRpc, pool: { address: string; manager: string; createdBlock: bigint }) {
  const block = `0x${pool.createdBlock.toString(16)}`;
  const logs = await rpc.call<{ topics: string[]; data: string }[]>("eth_getLogs", [
    { address: pool.manager, topics: [V4_INITIALIZE, pool.address], fromBlock: block, toBlock: block },
  ]);
  const log = Array.isArray(logs) ? logs[0] : undefined;
  if (log?.topics.length !== 4) return null;
  const [fee, tickSpacing, hooks] = decodeAbiParameters(
    parseAbiParameters("uint24, int24, address"),
    `0x${log.data.slice(2, 2 + 64 * 3)}` as Hex,
  );
  const key: V4Key = {
    currency0: `0x${log.topics[2]!.slice(26)}` as Hex,
    currency1: `0x${log.topics[3]!.slice(26)}` as Hex,
    fee,
    tickSpacing,
    hooks: hooks.toLowerCase() as Hex,
  };
  return key;
}

/** The EVM part of a token's security facts. */
export type EvmSecurityFacts = Pick<
  TokenSecurity,
  | "isMintable"
  | "owner"
  | "ownershipRenounced"
  | "hasPauseFunction"
  | "hasBlacklistFunction"
  | "isProxy"
  | "proxyImplementation"
  | "proxyAdmin"
  | "simulation"
  | "lpBurnedPct"
  | "lpLockedPct"
  | "lpPool"
>;

// EIP-1967 storage slots: keccak256("eip1967.proxy.implementation") - 1 and ("eip1967.proxy.admin") - 1
const IMPLEMENTATION_SLOT = "0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc";
const ADMIN_SLOT = "0xb53127684a568b3173ae13b9f8a6016e243e63b6e8ee1178d6a717850b5d6103";
const DEAD = "0x000000000000000000000000000000000000dead";
const ZERO = "0x0000000000000000000000000000000000000000";
/** Where the simulator's code is placed for the call; no contract lives there. */
export const SIMULATOR_ADDRESS = "0x00000000000000000000000000000000005ec0de";
/** The simulated buy spends this fraction of the pool's native reserve (small enough for max-tx limits). */
const BUY_RESERVE_DIVISOR = 1000n;
/** Native balance given to the simulator: more than any buy it makes. */
const SIMULATOR_BALANCE = `0x${(10n ** 30n).toString(16)}`;

const abi = parseAbi([
  "function owner() view returns (address)",
  "function totalSupply() view returns (uint256)",
  "function balanceOf(address) view returns (uint256)",
  "function simulate(address pair, address wrapped, address token, uint256 reserveDivisor, uint256 feeBps) returns (uint256 amountIn, uint256[6] r, uint8 failedAt)",
  "function simulateV3(address pool, address wrapped, address token, uint256 reserveDivisor) returns (uint256 amountIn, uint256[6] r, uint8 failedAt)",
  "struct V4PoolKey { address currency0; address currency1; uint24 fee; int24 tickSpacing; address hooks; }",
  "function simulateV4(address manager, V4PoolKey key, address token, uint256 reserveDivisor) returns (uint256 amountIn, uint256[6] r, uint8 failedAt)",
]);

const ok = (a: NodeAnswer | undefined): string | null =>
  a && "result" in a && typeof a.result === "string" ? a.result : null;

/** A 32-byte word holding an address (upper 12 bytes zero), lowercased; null otherwise. */
function wordAddress(word: string | null): string | null {
  if (!word || !/^0x[0-9a-fA-F]{64}$/.test(word) || !/^0x0{24}/.test(word)) return null;
  return `0x${word.slice(26).toLowerCase()}`;
}

const uint = (word: string | null): bigint | null =>
  word && /^0x[0-9a-fA-F]{1,64}$/.test(word) ? BigInt(word) : null;

/** `num / den` in percent, to six decimals, computed on integers. */
export function pct(num: bigint, den: bigint): number {
  return Number((num * 100_000_000n) / den) / 1_000_000;
}

const call = (to: string, data: Hex): NodeCall => ({ method: "eth_call", params: [{ to, data }, "latest"] });

/**
 * Reads the outcome of the simulator's `simulate` into the served figures: taxes from what
 * moved at each step, the honeypot flag from the sell.
 */
export function simulationOutcome(
  pool: SimulationPool,
  amountIn: bigint,
  r: readonly bigint[],
  failedAt: number,
): SecuritySimulation {
  const [sent = 0n, arrived = 0n, sold = 0n, reached = 0n] = r;
  const bought = failedAt !== 1 && sent > 0n;
  const buyTaxPct = bought ? pct(sent - arrived, sent) : null;
  // measured once the tokens reached the pool, also when the swap then failed
  const sellTaxPct = (failedAt === 0 || failedAt === 3) && sold > 0n ? pct(sold - reached, sold) : null;
  return {
    outcome: failedAt === 0 ? "ok" : failedAt === 1 ? "buy_failed" : "sell_failed",
    pool: pool.address,
    amountIn: amountIn.toString(),
    buyTaxPct,
    sellTaxPct,
    isHoneypot: !bought ? null : failedAt !== 0 || (sellTaxPct ?? 0) >= HONEYPOT_SELL_TAX_PCT,
  };
}

/**
 * The EVM security facts of `token` read from a node: risky functions from the code (the
 * implementation's, behind an EIP-1967 or EIP-1167 proxy), `owner()`, the proxy's admin slot,
 * and with `pool`, the LP shares held by burn addresses and by the chain's `lockers` (null
 * without any locker listed for the chain) and a buy-and-sell simulation run by `eth_call` with
 * the simulator's code and a native balance placed by state override.
 * @throws NodeUnavailableError when the node does not answer
 */
export async function readEvmSecurity(
  rpc: NodeRpc,
  token: string,
  pool: SimulationPool | null,
  lockers: readonly string[] = [],
): Promise<EvmSecurityFacts> {
  const calls: NodeCall[] = [
    { method: "eth_getCode", params: [token, "latest"] },
    { method: "eth_getStorageAt", params: [token, IMPLEMENTATION_SLOT, "latest"] },
    { method: "eth_getStorageAt", params: [token, ADMIN_SLOT, "latest"] },
    call(token, encodeFunctionData({ abi, functionName: "owner" })),
  ];
  const v2 = pool?.kind === "v2" ? pool : null;
  const v4Key = pool?.kind === "v4" ? await v4KeyOf(rpc, pool) : null;
  if (v2)
    calls.push(
      call(v2.address, encodeFunctionData({ abi, functionName: "totalSupply" })),
      call(v2.address, encodeFunctionData({ abi, functionName: "balanceOf", args: [ZERO] })),
      call(v2.address, encodeFunctionData({ abi, functionName: "balanceOf", args: [DEAD] })),
      ...lockers.map((l) =>
        call(v2.address, encodeFunctionData({ abi, functionName: "balanceOf", args: [l as Hex] })),
      ),
    );
  const simulationData = (): Hex | null => {
    if (!pool) return null;
    if (pool.kind === "v2")
      return encodeFunctionData({
        abi,
        functionName: "simulate",
        args: [
          pool.address as Hex,
          pool.quote as Hex,
          token as Hex,
          BUY_RESERVE_DIVISOR,
          BigInt(pool.feeBps),
        ],
      });
    if (pool.kind === "v3")
      return encodeFunctionData({
        abi,
        functionName: "simulateV3",
        args: [pool.address as Hex, pool.quote as Hex, token as Hex, BUY_RESERVE_DIVISOR],
      });
    if (!v4Key) return null;
    return encodeFunctionData({
      abi,
      functionName: "simulateV4",
      args: [pool.manager as Hex, v4Key, token as Hex, BUY_RESERVE_DIVISOR],
    });
  };
  const simData = simulationData();
  if (simData)
    calls.push({
      method: "eth_call",
      params: [
        {
          to: SIMULATOR_ADDRESS,
          data: simData,
        },
        "latest",
        { [SIMULATOR_ADDRESS]: { code: SIMULATOR_RUNTIME, balance: SIMULATOR_BALANCE } },
      ],
    });
  const answers = await rpc.batch(calls);
  const code = hexBytes(ok(answers[0]) ?? "0x");
  const slotImpl = wordAddress(ok(answers[1]));
  const proxyAdminWord = wordAddress(ok(answers[2]));
  const implementation = slotImpl && slotImpl !== ZERO ? slotImpl : minimalProxyTarget(code);
  const isContract = code.length > 0;
  let logic = code;
  if (implementation) {
    const implCode = await rpc.call<string>("eth_getCode", [implementation, "latest"]);
    logic = hexBytes(typeof implCode === "string" ? implCode : "0x");
  }
  const risky = isContract && logic.length > 0 ? riskyFunctions(logic) : null;
  const owner = wordAddress(ok(answers[3]));

  let lpBurnedPct: number | null = null;
  let lpLockedPct: number | null = null;
  let simulation: SecuritySimulation | null = null;
  if (v2) {
    const supply = uint(ok(answers[4]));
    const burned0 = uint(ok(answers[5]));
    const burnedDead = uint(ok(answers[6]));
    if (supply && supply > 0n && burned0 !== null && burnedDead !== null)
      lpBurnedPct = pct(burned0 + burnedDead, supply);
    const locked = lockers.map((_, i) => uint(ok(answers[7 + i])));
    if (supply && supply > 0n && locked.length > 0 && locked.every((v) => v !== null))
      lpLockedPct = pct(
        locked.reduce<bigint>((sum, v) => sum + (v as bigint), 0n),
        supply,
      );
  }
  if (pool && simData) {
    const sim = ok(answers.at(-1));
    if (sim && sim !== "0x") {
      const [amountIn, r, failedAt] = decodeFunctionResult({
        abi,
        // both functions answer the same outputs
        functionName: (pool.kind === "v2"
          ? "simulate"
          : pool.kind === "v3"
            ? "simulateV3"
            : "simulateV4") as "simulate",
        data: sim as Hex,
      });
      simulation = simulationOutcome(pool, amountIn, r, failedAt);
    }
  }
  return {
    isMintable: risky ? risky.mint : null,
    hasPauseFunction: risky ? risky.pause : null,
    hasBlacklistFunction: risky ? risky.blacklist : null,
    owner,
    ownershipRenounced: owner === null ? null : owner === ZERO,
    isProxy: isContract ? implementation !== null : null,
    proxyImplementation: implementation,
    proxyAdmin: implementation && proxyAdminWord && proxyAdminWord !== ZERO ? proxyAdminWord : null,
    simulation,
    lpBurnedPct,
    lpLockedPct,
    lpPool: v2 ? v2.address : null,
  };
}
