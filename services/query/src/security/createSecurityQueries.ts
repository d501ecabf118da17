import {
  type ChainId,
  isEvm,
  marketKey,
  NotFoundError,
  type SecurityQueries,
  type TokenSecurity,
} from "@tapeline/core";
import { lockersOf } from "../lockers/lockerList.ts";
import { createTtlCache } from "../market/createTtlCache.ts";
import type { MarketDb } from "../market/MarketDb.ts";
import { type NodeRpc, NodeUnavailableError } from "../portfolio/createNodeRpc.ts";
import { readLaunchLabels } from "../traders/readLaunchLabels.ts";
import { type EvmSecurityFacts, readEvmSecurity, type SimulationPool } from "./readEvmSecurity.ts";
import { readHolderShares } from "./readHolderShares.ts";
import { readSolanaSecurity, type SolanaSecurityFacts } from "./readSolanaSecurity.ts";

export type SecurityQueriesOptions = {
  db: MarketDb;
  /** the node of a chain, null where none is configured (its chain facts are then unknown) */
  nodeOf(chain: ChainId): NodeRpc | null;
  /** how long facts read from the chain are served before they are read again; default 10 min */
  ttlMs?: number;
  /** how long a token's facts stay in memory before the table is read again; default 30 s */
  memoryTtlMs?: number;
  /** most tokens kept in memory; default 50,000 */
  maxTokens?: number;
  now?: () => number;
  /**
   * locker contracts and programs, as `<chain>/<address>`: left out of the top-10 share, and the
   * holders of the LP share `lpLockedPct` (the query pod passes `lockerList`); default none
   */
  lockers?: ReadonlySet<string>;
};

/** Venue types whose pools are Uniswap V2 pairs (getReserves, swap, ERC-20 LP token). */
const V2_VENUES = ["UNISWAP_V2"];
/** Venue types whose pools are Uniswap V3 pools (swap with a payment callback). */
const V3_VENUES = ["UNISWAP_V3"];
/** Venue types whose pools live in a Uniswap V4 pool manager (the market's factory), keyed by pool id. */
const V4_VENUES = ["UNISWAP_V4"];

const UNKNOWN_CHAIN_FACTS: SolanaSecurityFacts & EvmSecurityFacts = {
  isMintable: null,
  mintAuthority: null,
  isFreezable: null,
  freezeAuthority: null,
  tokenProgram: null,
  token2022: null,
  owner: null,
  ownershipRenounced: null,
  hasPauseFunction: null,
  hasBlacklistFunction: null,
  isProxy: null,
  proxyImplementation: null,
  proxyAdmin: null,
  simulation: null,
  lpBurnedPct: null,
  lpLockedPct: null,
  lpPool: null,
};

/**
 * Token security facts, read through two caches: memory, then the `token_security` table
 * (shared by every shard and kept across restarts); a token missing from both, or whose facts
 * are older than `ttlMs`, is read from its chain's node, its launch labels and its recorded holder balances, then stored.
 * Facts read without a node, or while the node is down, are served (chain figures null, or the
 * last stored facts) but not stored, so the next read tries the node again.
 */
export function createSecurityQueries(opts: SecurityQueriesOptions): SecurityQueries {
  const ttlMs = opts.ttlMs ?? 600_000;
  const now = opts.now ?? Date.now;
  const memory = createTtlCache<TokenSecurity>({
    ttlMs: opts.memoryTtlMs ?? 30_000,
    max: opts.maxTokens ?? 50_000,
    now,
  });

  type Stored = { facts: TokenSecurity; checked_at: string };
  // Stored facts are read for every token waiting in the same turn of the event loop with one
  // statement, so a batch of 100 tokens costs one round trip rather than 100.
  let waiting: Map<string, { resolve(row: Stored | null): void; reject(err: unknown): void }[]> | null = null;
  function readStored(key: string): Promise<Stored | null> {
    return new Promise((resolve, reject) => {
      if (!waiting) {
        const batch = new Map<string, { resolve(row: Stored | null): void; reject(err: unknown): void }[]>();
        waiting = batch;
        setImmediate(() => {
          waiting = null;
          opts.db
            .query<Stored & { token_key: string }>(
              "select token_key, facts, checked_at from token_security where token_key = any($1)",
              [[...batch.keys()]],
            )
            .then((res) => {
              const byKey = new Map(res.rows.map((r) => [r.token_key, r]));
              for (const [k, list] of batch) for (const w of list) w.resolve(byKey.get(k) ?? null);
            })
            .catch((err: unknown) => {
              for (const list of batch.values()) for (const w of list) w.reject(err);
            });
        });
      }
      const list = waiting.get(key) ?? [];
      list.push({ resolve, reject });
      waiting.set(key, list);
    });
  }

  /**
   * The pool to simulate on, quote not a stablecoin: the token's deepest Uniswap V2 pool with a
   * recorded fee (also the pool of the LP shares), else its deepest Uniswap V3 pool, else its
   * deepest Uniswap V4 pool with a recorded creation block (its key is read from that block).
   */
  async function marketsOf(
    chain: ChainId,
    token: string,
  ): Promise<{ found: boolean; pool: SimulationPool | null }> {
    const res = await opts.db.query<{
      address: string;
      venue_type: string;
      quote_address: string;
      fee_bps: number | null;
      factory: string | null;
      created_block: string | null;
    }>(
      `select m.address, m.venue_type, m.quote_address, m.fee_bps, m.factory, m.created_block::text
       from token_markets m
       where m.token_key = $1
         and not exists (select 1 from stablecoins s where s.chain_id = m.chain_id and s.address = m.quote_address)
       order by m.liquidity_native desc nulls last, m.market collate "C"`,
      [marketKey(chain, token)],
    );
    const v2 = res.rows.find((p) => V2_VENUES.includes(p.venue_type) && p.fee_bps !== null);
    const v3 = res.rows.find((p) => V3_VENUES.includes(p.venue_type));
    const v4 = res.rows.find(
      (p) => V4_VENUES.includes(p.venue_type) && p.factory !== null && p.created_block !== null,
    );
    return {
      found: res.rows.length > 0,
      pool: v2
        ? { kind: "v2", address: v2.address, quote: v2.quote_address, feeBps: v2.fee_bps as number }
        : v3
          ? { kind: "v3", address: v3.address, quote: v3.quote_address }
          : v4
            ? {
                kind: "v4",
                address: v4.address,
                quote: v4.quote_address,
                manager: v4.factory as string,
                createdBlock: BigInt(v4.created_block as string),
              }
            : null,
    };
  }

  async function readChain(chain: ChainId, token: string, rpc: NodeRpc, pool: SimulationPool | null) {
    if (!isEvm(chain)) return { ...UNKNOWN_CHAIN_FACTS, ...((await readSolanaSecurity(rpc, token)) ?? {}) };
    const lockers = lockersOf(opts.lockers ?? new Set(), chain);
    return { ...UNKNOWN_CHAIN_FACTS, ...(await readEvmSecurity(rpc, token, pool, lockers)) };
  }

  async function load(chain: ChainId, address: string): Promise<TokenSecurity> {
    const key = marketKey(chain, address);
    const row = await readStored(key);
    if (row && now() - Number(row.checked_at) < ttlMs) return row.facts;
    const markets = await marketsOf(chain, address);
    if (!markets.found && !row) throw new NotFoundError(`no market of token ${address} on ${chain}`);
    const rpc = opts.nodeOf(chain);
    let chainFacts = UNKNOWN_CHAIN_FACTS;
    let known = false;
    if (rpc) {
      try {
        chainFacts = await readChain(chain, address, rpc, markets.pool);
        known = true;
      } catch (err) {
        if (!(err instanceof NodeUnavailableError)) throw err;
        if (row) return row.facts;
      }
    }
    const launch = await readLaunchLabels(opts.db, chain, address);
    const shares = await readHolderShares(opts.db, chain, address, launch, opts.lockers ?? new Set());
    // the dex-paid provider's answer, as the metadata job stored it
    const paid = await opts.db.query<{ dex_paid: unknown }>(
      "select metadata->'dexPaid' as dex_paid from tokens where chain_id = $1 and address = $2",
      [chain, address],
    );
    const dexPaid = paid.rows[0]?.dex_paid;
    const facts: TokenSecurity = {
      chain,
      address,
      ...chainFacts,
      sniperWallets: launch ? launch.snipers.size : null,
      bundlerWallets: launch ? launch.bundlers.size : null,
      ...shares,
      dexPaid: typeof dexPaid === "boolean" ? dexPaid : null,
      checkedAt: now(),
    };
    if (known)
      await opts.db.query(
        `insert into token_security (token_key, chain_id, address, facts, checked_at) values ($1, $2, $3, $4, $5)
         on conflict (token_key) do update set facts = excluded.facts, checked_at = excluded.checked_at`,
        [key, chain, address, JSON.stringify(facts), facts.checkedAt],
      );
    return facts;
  }

  return {
    async tokenSecurity({ chain, address }) {
      return memory.get(marketKey(chain, address), () => load(chain, address));
    },
  };
}
