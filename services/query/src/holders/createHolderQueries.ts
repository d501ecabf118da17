import {
  type ChainId,
  type HolderQueries,
  NotFoundError,
  type TokenHolderPage,
  type TokenHolderRow,
} from "@tapeline/core";
import type pg from "pg";
import type { NodeRpc } from "../portfolio/createNodeRpc.ts";
import { decodeHolderCursor, encodeHolderCursor } from "./holderCursor.ts";
import { createProgramOwnedCheck } from "./programOwned.ts";
import { tagsOf } from "./tagsOf.ts";

export type HolderQueriesOptions = {
  db: pg.Pool;
  /** locker contracts and programs, as `<chain>/<address>` (the provider passes `lockerList`) */
  lockers?: ReadonlySet<string>;
  /** the node of a chain, null where none is configured (EVM holders are then not judged program-owned) */
  nodeOf?(chain: ChainId): NodeRpc | null;
};

// (the output name must not shadow the ordering column: `balance::text` would sort as text)
const PAGE_SQL = `select h.holder, h.balance::text as amount from token_holders h where h.token_key = $1
  order by h.balance desc, h.holder limit $2`;
// exact keyset: after (balance, holder) in (balance desc, holder asc) order
const NEXT_SQL = `select h.holder, h.balance::text as amount from token_holders h
  where h.token_key = $1 and h.balance <= $3::numeric and (h.balance < $3::numeric or h.holder > $4)
  order by h.balance desc, h.holder limit $2`;

/** Percent of `supply` held, to 6 significant digits; null without a positive supply. */
function sharePct(amount: string, supply: string | null): number | null {
  if (supply === null) return null;
  const s = BigInt(supply);
  if (s <= 0n) return null;
  return Number((BigInt(amount) * 10n ** 12n) / s) / 1e10;
}

/**
 * Token holders from the ingest's balances (`token_holders`, `token_holder_stats`): largest
 * first, each tagged from the markets (a pool of any market, a V4 pool manager of the token's
 * markets, a launchpad bonding curve), the burn addresses, the configured lockers, and as
 * program-owned (a Solana off-curve owner, an EVM contract).
 */
export function createHolderQueries(opts: HolderQueriesOptions): HolderQueries {
  const { db } = opts;
  const lockers = opts.lockers ?? new Set<string>();
  const programOwned = createProgramOwnedCheck({ nodeOf: opts.nodeOf ?? (() => null) });
  return {
    async tokenHolders({ chain, address, limit, cursor }): Promise<TokenHolderPage> {
      const key = `${chain}/${address}`;
      const after = cursor === null ? null : decodeHolderCursor(key, cursor);
      const [stats, token, markets] = await Promise.all([
        db.query<{ tracked_block: string; holder_count: string }>(
          "select tracked_block::text, holder_count::text from token_holder_stats where token_key = $1",
          [key],
        ),
        db.query<{ decimals: number | null; total_supply: string | null }>(
          "select decimals, total_supply::text from tokens where chain_id = $1 and address = $2",
          [chain, address],
        ),
        db.query<{ address: string; factory: string | null; venue_type: string; is_launchpad: boolean }>(
          "select address, factory, venue_type, is_launchpad from token_markets where token_key = $1",
          [key],
        ),
      ]);
      if (markets.rows.length === 0) throw new NotFoundError(`no market of token ${address} on ${chain}`);
      const tok = token.rows[0];
      const base = {
        totalSupply: tok?.total_supply ?? null,
        decimals: tok?.decimals ?? null,
      };
      const st = stats.rows[0];
      if (!st)
        return {
          data: [],
          holderCount: null,
          trackedSinceBlock: null,
          programOwnedChecked: true,
          ...base,
          hasMore: false,
          nextCursor: null,
        };
      const res = await db.query<{ holder: string; amount: string }>(
        after ? NEXT_SQL : PAGE_SQL,
        after ? [key, limit + 1, after.balance, after.holder] : [key, limit + 1],
      );
      const rows = res.rows.slice(0, limit);
      const holders = rows.map((r) => r.holder);
      const [tags, owned] = await Promise.all([
        tagsOf(db, chain, holders, markets.rows, lockers),
        programOwned(chain, holders),
      ]);
      const first = after ? after.rank + 1 : 1;
      const data: TokenHolderRow[] = rows.map((r, i) => ({
        rank: first + i,
        address: r.holder,
        amount: r.amount,
        supplySharePct: sharePct(r.amount, base.totalSupply),
        tags: [
          ...(tags.get(r.holder) ?? []),
          ...(owned.owned.has(r.holder) ? (["programOwned"] as const) : []),
        ],
      }));
      const last = rows.at(-1);
      const hasMore = res.rows.length > limit;
      return {
        data,
        holderCount: Number(st.holder_count),
        trackedSinceBlock: Number(st.tracked_block),
        programOwnedChecked: owned.complete,
        ...base,
        hasMore,
        nextCursor:
          hasMore && last
            ? encodeHolderCursor(key, {
                balance: last.amount,
                holder: last.holder,
                rank: first + rows.length - 1,
              })
            : null,
      };
    },
  };
}
