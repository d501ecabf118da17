import { encodeAbiParameters, type Hex, keccak256, toFunctionSelector } from "viem";
import { type ConcentratedPool, concentratedAmountOut } from "./concentratedAmountOut.ts";
import { type NodeRpc, NodeUnavailableError } from "./createNodeRpc.ts";

/** A concentrated-liquidity pool as the store knows it. */
export type ConcentratedPoolRef = {
  venueType: string;
  /** pool address (V3, Slipstream) or pool id (V4) */
  address: string;
  /** V4: the PoolManager holding the pool's state */
  factory: string | null;
  createdBlock: number | null;
};

/** Reads pools from an EVM node to value sales into them. */
export type EvmPoolReader = {
  /**
   * The output of selling `amountIn` of token0 (`zeroForOne`) or token1 into the pool at
   * `block`, tick crossings included; null when the pool's state cannot be read or the sale
   * needs more than {@link MAX_WORDS} bitmap words.
   * @throws NodeUnavailableError when the node does not answer
   */
  quote(
    pool: ConcentratedPoolRef,
    amountIn: bigint,
    zeroForOne: boolean,
    block: string,
  ): Promise<bigint | null>;
  /**
   * V2-style pairs' reserves at `block` (`getReserves`, the calls in JSON-RPC batches); a pair
   * that does not answer is absent. Reserves at a block do not change: the last few blocks' are
   * kept, so a page valued again at the same block reads nothing.
   * @throws NodeUnavailableError when the node does not answer
   */
  reserves(pairs: readonly string[], block: string): Promise<Map<string, [bigint, bigint]>>;
};

/** Blocks whose pair reserves are kept. */
const RESERVE_BLOCKS = 4;

/** Bitmap words a sale may walk (each word spans 256 tick spacings). */
export const MAX_WORDS = 32;

const sel = (sig: string) => toFunctionSelector(sig);
const SLOT0 = sel("slot0()");
const LIQUIDITY = sel("liquidity()");
const FEE = sel("fee()");
const TICK_SPACING = sel("tickSpacing()");
const TICK_BITMAP = sel("tickBitmap(int16)");
const TICKS = sel("ticks(int24)");
const GET_RESERVES = sel("getReserves()");
/** PoolManager storage (v4-core StateLibrary): `pools` mapping slot and Pool.State field offsets. */
const POOLS_SLOT = 6n;
const LIQUIDITY_OFFSET = 3n;
const TICKS_OFFSET = 4n;
const BITMAP_OFFSET = 5n;
/** v4-core `Initialize(bytes32 indexed id, ..., uint24 fee, int24 tickSpacing, address hooks, ...)` */
const V4_INITIALIZE = keccak256(
  new TextEncoder().encode("Initialize(bytes32,address,address,uint24,int24,address,uint160,int24)"),
);

const word = (hex: string, i: number): bigint =>
  BigInt(`0x${hex.slice(2 + i * 64, 2 + (i + 1) * 64) || "0"}`);
const signed = (v: bigint, bits: number) => BigInt.asIntN(bits, v);
const int = (v: number, bits: number): string =>
  BigInt.asUintN(256, BigInt.asIntN(bits, BigInt(v)))
    .toString(16)
    .padStart(64, "0");
const slotOf = (key: bigint, base: bigint): Hex =>
  keccak256(encodeAbiParameters([{ type: "int256" }, { type: "uint256" }], [key, base]));

/**
 * Pool reads for the valuation of holdings: a V2-style pair's reserves (`getReserves`, so a sale
 * is priced on the chain's state at the holdings' block, not the store's), and concentrated
 * liquidity: V3 and Slipstream through
 * their view functions, V4 through the PoolManager's storage (`eth_getStorageAt`, the slots of
 * v4-core's StateLibrary). The sale is walked by {@link concentratedAmountOut}, loading bitmap
 * words and their ticks as it needs them. A V4 pool's tick spacing comes from its Initialize log
 * and is kept for the process's life.
 */
export function createEvmPoolReader(rpc: NodeRpc): EvmPoolReader {
  const spacings = new Map<string, number>();
  /** reserves read per block, the newest RESERVE_BLOCKS blocks only */
  const reservesAt = new Map<string, Map<string, [bigint, bigint] | null>>();

  async function callAll(calls: { to: string; data: string }[], block: string): Promise<(string | null)[]> {
    const answers = await rpc.batch(calls.map((c) => ({ method: "eth_call", params: [c, block] })));
    return answers.map((a) => ("error" in a || a.result === "0x" ? null : (a.result as string)));
  }
  async function storage(manager: string, slots: Hex[], block: string): Promise<bigint[]> {
    const answers = await rpc.batch(
      slots.map((s) => ({ method: "eth_getStorageAt", params: [manager, s, block] })),
    );
    return answers.map((a) => {
      if ("error" in a) throw new NodeUnavailableError(`eth_getStorageAt failed: ${a.error.message}`);
      return BigInt(a.result as string);
    });
  }

  async function v4Spacing(pool: ConcentratedPoolRef): Promise<number | null> {
    const known = spacings.get(pool.address);
    if (known !== undefined) return known;
    if (pool.createdBlock === null || !pool.factory) return null;
    const at = `0x${pool.createdBlock.toString(16)}`;
    const logs = await rpc.call<{ data: string }[]>("eth_getLogs", [
      { address: pool.factory, topics: [V4_INITIALIZE, pool.address], fromBlock: at, toBlock: at },
    ]);
    const data = logs[0]?.data;
    if (!data) return null;
    const spacing = Number(signed(word(data, 1), 24));
    spacings.set(pool.address, spacing);
    return spacing;
  }

  type Loader = {
    state(): Promise<Omit<ConcentratedPool, "words" | "liquidityNet"> | null>;
    word(pos: number, spacing: number): Promise<{ bitmap: bigint; nets: Map<number, bigint> }>;
  };

  function v3Loader(pool: ConcentratedPoolRef, block: string): Loader {
    const to = pool.address;
    return {
      async state() {
        const [slot0, liquidity, fee, spacing] = await callAll(
          [SLOT0, LIQUIDITY, FEE, TICK_SPACING].map((data) => ({ to, data })),
          block,
        );
        if (!slot0 || !liquidity || !fee || !spacing) return null;
        return {
          sqrtPriceX96: word(slot0, 0),
          tick: Number(signed(word(slot0, 1), 24)),
          liquidity: word(liquidity, 0),
          feePips: Number(word(fee, 0)),
          tickSpacing: Number(signed(word(spacing, 0), 24)),
        };
      },
      async word(pos, spacing) {
        const [bitmapHex] = await callAll([{ to, data: `${TICK_BITMAP}${int(pos, 16)}` }], block);
        if (!bitmapHex) throw new NodeUnavailableError(`tickBitmap(${pos}) of ${to} failed`);
        const bitmap = word(bitmapHex, 0);
        const ticks = setBits(bitmap).map((bit) => (pos * 256 + bit) * spacing);
        const answers = await callAll(
          ticks.map((t) => ({ to, data: `${TICKS}${int(t, 24)}` })),
          block,
        );
        const nets = new Map<number, bigint>();
        ticks.forEach((t, i) => {
          const a = answers[i];
          if (!a) throw new NodeUnavailableError(`ticks(${t}) of ${to} failed`);
          nets.set(t, signed(word(a, 1), 128));
        });
        return { bitmap, nets };
      },
    };
  }

  function v4Loader(pool: ConcentratedPoolRef, block: string): Loader {
    const manager = pool.factory ?? "";
    const stateSlot = BigInt(
      keccak256(
        encodeAbiParameters([{ type: "bytes32" }, { type: "uint256" }], [pool.address as Hex, POOLS_SLOT]),
      ),
    );
    const hex = (v: bigint): Hex => `0x${v.toString(16).padStart(64, "0")}`;
    return {
      async state() {
        const spacing = await v4Spacing(pool);
        if (spacing === null || !manager) return null;
        const [slot0, liquidity] = await storage(
          manager,
          [hex(stateSlot), hex(stateSlot + LIQUIDITY_OFFSET)],
          block,
        );
        const sqrtPriceX96 = slot0! & ((1n << 160n) - 1n);
        if (sqrtPriceX96 === 0n) return null;
        return {
          sqrtPriceX96,
          tick: Number(signed((slot0! >> 160n) & 0xffffffn, 24)),
          feePips: Number((slot0! >> 208n) & 0xffffffn),
          liquidity: liquidity! & ((1n << 128n) - 1n),
          tickSpacing: spacing,
        };
      },
      async word(pos, spacing) {
        const [bitmap] = await storage(manager, [slotOf(BigInt(pos), stateSlot + BITMAP_OFFSET)], block);
        const ticks = setBits(bitmap!).map((bit) => (pos * 256 + bit) * spacing);
        const infos = await storage(
          manager,
          ticks.map((t) => slotOf(BigInt(t), stateSlot + TICKS_OFFSET)),
          block,
        );
        return { bitmap: bitmap!, nets: new Map(ticks.map((t, i) => [t, signed(infos[i]! >> 128n, 128)])) };
      },
    };
  }

  return {
    async reserves(pairs, block) {
      let known = reservesAt.get(block);
      if (!known) {
        known = new Map();
        reservesAt.set(block, known);
        while (reservesAt.size > RESERVE_BLOCKS) reservesAt.delete(reservesAt.keys().next().value!);
      }
      const missing = [...new Set(pairs)].filter((p) => !known.has(p));
      if (missing.length > 0) {
        const answers = await callAll(
          missing.map((to) => ({ to, data: GET_RESERVES })),
          block,
        );
        missing.forEach((p, i) => {
          const a = answers[i];
          known.set(p, a ? [word(a, 0), word(a, 1)] : null);
        });
      }
      const out = new Map<string, [bigint, bigint]>();
      for (const p of pairs) {
        const r = known.get(p);
        if (r) out.set(p, r);
      }
      return out;
    },

    async quote(pool, amountIn, zeroForOne, block) {
      const loader = pool.venueType === "UNISWAP_V4" ? v4Loader(pool, block) : v3Loader(pool, block);
      const base = await loader.state();
      if (!base) return null;
      const words = new Map<number, bigint>();
      const liquidityNet = new Map<number, bigint>();
      const state: ConcentratedPool = { ...base, words, liquidityNet };
      for (let loaded = 0; loaded <= MAX_WORDS; loaded++) {
        const q = concentratedAmountOut(state, amountIn, zeroForOne);
        if (!("missingWord" in q)) return q.amountOut;
        if (loaded === MAX_WORDS) break;
        const w = await loader.word(q.missingWord, base.tickSpacing);
        words.set(q.missingWord, w.bitmap);
        for (const [t, n] of w.nets) liquidityNet.set(t, n);
      }
      return null;
    },
  };
}

function setBits(bitmap: bigint): number[] {
  const out: number[] = [];
  for (let i = 0; i < 256; i++) if ((bitmap >> BigInt(i)) & 1n) out.push(i);
  return out;
}
