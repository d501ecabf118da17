import type { ChainId } from "@tapeline/core";
import type pg from "pg";
import type { RpcClient } from "../../rpc/createRpcClient.ts";
import type { BalanceBatch } from "../../writer/IngestBatch.ts";
import type { EvmHeader } from "../applyDexEvents.ts";
import { fetchHeaders } from "../chain/fetchHeaders.ts";
import type { RawLog } from "../decoders/DexEvent.ts";
import { fetchTokenLogs } from "./fetchTokenLogs.ts";
import { transferBalanceChanges } from "./transferBalanceChanges.ts";

const ZERO = `0x${"0".repeat(40)}`;
const HEADERS_PER_BATCH = 200;

/**
 * The balances side of the EVM live ingest. Tokens tracked (every token a live range saw a market
 * of) have their `Transfer` logs read with each range, in parallel with the venue logs; a token
 * newly tracked is seeded with every balance log since its creation block (0 when unknown), so
 * its balances equal `balanceOf` from the start. The tracked set is a cache of
 * `token_holder_stats`, reloaded after {@link HolderTracker.reset}.
 */
export type HolderTracker = {
  /** the balance logs of the tokens tracked so far over [from, to] */
  rangeLogs(from: bigint, to: bigint): Promise<RawLog[]>;
  /**
   * The range's balances: the tracked tokens' logs plus the seed of `tokens` not tracked yet.
   * @param logs what {@link HolderTracker.rangeLogs} returned for the range
   * @param created creation blocks of tokens first seen in the range
   */
  build(args: {
    from: bigint;
    to: bigint;
    logs: RawLog[];
    tokens: readonly string[];
    headers: ReadonlyMap<bigint, EvmHeader>;
    created: ReadonlyMap<string, bigint | null>;
    /** throws when a log of the range is not of the range's headers (the chain moved) */
    verify: (log: RawLog) => void;
  }): Promise<BalanceBatch>;
  /** forgets the cached set (after a rollback, or a range prepared and not written) */
  reset(): void;
};

export function createHolderTracker(deps: {
  chain: ChainId;
  rpc: RpcClient;
  db: pg.Pool;
  wrappedNative: string;
}): HolderTracker {
  const { chain, rpc, db } = deps;
  let tracked: Promise<Set<string>> | null = null;

  const trackedSet = (): Promise<Set<string>> => {
    tracked ??= db
      .query<{ token_address: string }>("select token_address from token_holder_stats where chain_id = $1", [
        chain,
      ])
      .then((r) => new Set(r.rows.map((x) => x.token_address)));
    return tracked;
  };

  async function creationBlocks(
    tokens: string[],
    created: ReadonlyMap<string, bigint | null>,
  ): Promise<Map<string, bigint>> {
    const out = new Map<string, bigint>();
    const ask = tokens.filter((t) => !created.has(t));
    if (ask.length > 0) {
      const res = await db.query<{ address: string; created_block: string | null }>(
        "select address, created_block from tokens where chain_id = $1 and address = any($2::text[])",
        [chain, ask],
      );
      for (const r of res.rows) if (r.created_block !== null) out.set(r.address, BigInt(r.created_block));
    }
    for (const t of tokens) {
      const b = created.get(t);
      if (b !== undefined && b !== null) out.set(t, b);
    }
    return out;
  }

  return {
    async rangeLogs(from, to) {
      return fetchTokenLogs(rpc, from, to, [...(await trackedSet())]);
    },
    async build({ to, logs, tokens, headers, created, verify }) {
      const set = await trackedSet();
      const fresh = [...new Set(tokens)].filter((t) => t !== ZERO && !set.has(t));
      const starts = await creationBlocks(fresh, created);
      const seeds = await Promise.all(fresh.map((t) => fetchTokenLogs(rpc, starts.get(t) ?? 0n, to, [t])));
      const all = [...logs, ...seeds.flat()];
      const older = [...new Set(all.map((l) => l.blockNumber).filter((b) => !headers.has(b)))];
      const times = new Map<bigint, number>();
      for (let i = 0; i < older.length; i += HEADERS_PER_BATCH) {
        const got = await fetchHeaders(rpc, older.slice(i, i + HEADERS_PER_BATCH));
        for (const [n, h] of got) times.set(n, h.timestamp * 1000);
      }
      for (const l of all) if (headers.has(l.blockNumber)) verify(l);
      for (const t of fresh) set.add(t);
      const changes = transferBalanceChanges(all, {
        tracked: set,
        wrappedNative: deps.wrappedNative,
        atOf: (b) => times.get(b) ?? (headers.get(b)?.timestamp ?? 0) * 1000,
      });
      return { tracked: fresh.map((token) => ({ token, block: to })), changes };
    },
    reset() {
      tracked = null;
    },
  };
}
