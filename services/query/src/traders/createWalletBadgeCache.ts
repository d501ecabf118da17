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

/** {@link readWalletBadges}, answered from memory for the wallets already read since the chain's last badge run. */
export type WalletBadgeReader = (
  chain: ChainId,
  wallets: readonly string[],
) => Promise<Map<string, WalletBadgeFacts>>;

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
      s.wallets.clear();
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
    const missing = [...new Set(wallets.filter((w) => !s.wallets.has(w)))];
    let read: Map<string, WalletBadgeFacts> | null = null;
    if (missing.length > 0) {
      const run = s.run;
      read = await readWalletBadges(opts.db, chain, missing);
      // a run checked meanwhile dropped the kept badges: these may be older than it
      if (s.run === run) {
        for (const w of missing) {
          s.wallets.delete(w);
          s.wallets.set(w, read.get(w) ?? null);
        }
        while (s.wallets.size > max) s.wallets.delete(s.wallets.keys().next().value as string);
      }
    }
    const out = new Map<string, WalletBadgeFacts>();
    for (const w of wallets) {
      const f = read?.get(w) ?? s.wallets.get(w);
      if (f) out.set(w, f);
    }
    return out;
  };
}
