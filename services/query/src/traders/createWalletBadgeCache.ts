import type { ChainId } from "@tapeline/core";
import type { MarketDb } from "../market/MarketDb.ts";
import { readWalletBadges, type WalletBadgeFacts } from "./readWalletBadges.ts";

export type WalletBadgeCacheOptions = {
  db: MarketDb;
  /** how long a chain's last badge run is believed before it is read again (default 1 s) */
  runTtlMs?: number;
  /** wallets kept per chain (default 200,000); the oldest go first */
  maxWallets?: number;
  now?: () => number;
};

/** The badges of the wallets asked for: undefined for a wallet no run has judged. */
export type WalletBadges = { get(wallet: string): WalletBadgeFacts | undefined };

/** {@link readWalletBadges}, answered from memory for the wallets already read since the chain's last badge run. */
export type WalletBadgeReader = (chain: ChainId, wallets: readonly string[]) => Promise<WalletBadges>;

type ChainBadges = {
  /** the run the kept badges belong to (`wallet_badge_runs`); undefined before the first check */
  run: string | null | undefined;
  checkedAt: number;
  checking: Promise<void> | null;
  /** null: judged by no run yet */
  wallets: Map<string, WalletBadgeFacts | null>;
};

/**
 * Wallet badges kept in memory until the badge job judges the chain again. Badges change only at
 * a run of the job, which records the run in `wallet_badge_runs`; the reader checks that row (a
 * reference table: one task on any node) at most once per `runTtlMs` and drops the chain's kept
 * badges when it changed, so an answer lags a run by at most that. A page of a tape holds
 * hundreds of makers spread over every wallet shard: on Citus reading them costs a task per
 * shard, so a wallet is read once per run rather than once per page.
 */
export function createWalletBadgeCache(opts: WalletBadgeCacheOptions): WalletBadgeReader {
  const now = opts.now ?? Date.now;
  const runTtl = opts.runTtlMs ?? 1000;
  const max = opts.maxWallets ?? 200_000;
  const chains = new Map<ChainId, ChainBadges>();

  async function checkRun(chain: ChainId, s: ChainBadges): Promise<void> {
    const { rows } = await opts.db.query<{ computed_at: string }>(
      "select computed_at::text from wallet_badge_runs where chain_id = $1",
      [chain],
    );
    const run = rows[0]?.computed_at ?? null;
    if (run !== s.run) {
      // a new map, not a cleared one: an answer already handed out keeps reading the badges it was given
      s.wallets = new Map();
      s.run = run;
    }
    s.checkedAt = now();
  }

  async function current(chain: ChainId): Promise<ChainBadges> {
    let s = chains.get(chain);
    if (!s) {
      s = { run: undefined, checkedAt: 0, checking: null, wallets: new Map() };
      chains.set(chain, s);
    }
    if (s.run === undefined || now() - s.checkedAt >= runTtl) {
      const state = s;
      state.checking ??= checkRun(chain, state).finally(() => {
        state.checking = null;
      });
      await state.checking;
    }
    return s;
  }

  return async (chain, wallets) => {
    const s = await current(chain);
    const kept = s.wallets;
    // a tape's page repeats its makers and most are kept: no copy of the list unless some are missing
    let missing: Set<string> | null = null;
    for (const w of wallets) {
      if (kept.has(w)) continue;
      missing ??= new Set();
      missing.add(w);
    }
    if (missing === null) return { get: (w) => kept.get(w) ?? undefined };
    const run = s.run;
    const read = await readWalletBadges(opts.db, chain, [...missing]);
    // a run checked meanwhile dropped the kept badges: these may be older than it
    if (s.run === run && s.wallets === kept) {
      for (const w of missing) {
        kept.delete(w);
        kept.set(w, read.get(w) ?? null);
      }
      while (kept.size > max) kept.delete(kept.keys().next().value as string);
    }
    return { get: (w) => read.get(w) ?? kept.get(w) ?? undefined };
  };
}
