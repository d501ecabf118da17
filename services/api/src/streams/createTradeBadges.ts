import {
  type ChainId,
  marketKey,
  PRO_TRADERS_WALLETS_MAX,
  pastLaunchWindows,
  type TokenLaunchLabels,
  type TradeRow,
  walletKey,
} from "@tapeline/core";
import type { Logger } from "pino";
import type { ShardClient } from "../shardClient.ts";

export type TradeBadgeOptions = {
  /** how long a token's settled launch labels are reused (default 60 s) */
  launchTtlMs?: number;
  /** how long "this token has no stored market" or "its deployer is unknown" is believed (default 5 s) */
  noLaunchTtlMs?: number;
  /** how long a wallet's `proTrader` badge (or its absence) is reused (default 60 s) */
  proTtlMs?: number;
  /** tokens kept (default 10,000) */
  maxTokens?: number;
  /** wallets kept (default 100,000) */
  maxWallets?: number;
  now?: () => number;
};

export type TradeBadges = {
  /**
   * The trades (all of one chain and token) with `isSniper` and `isProTrader` filled as the REST
   * tape fills them; the input rows are not changed. Answers synchronously from the cache when it
   * can, else once this event-loop turn's reads are done (one read per token and one per chain
   * for the turn's missing wallets). A failed read leaves the badges null (unknown).
   */
  fill(chain: ChainId, token: string, trades: readonly TradeRow[]): TradeRow[] | Promise<TradeRow[]>;
  /** Forgets a token's launch (a rollback may have removed some of its first trades). */
  forget(chain: ChainId, token: string): void;
};

type Launch = { snipers: Set<string>; labels: TokenLaunchLabels } | null;
type Timed<T> = { value: T; at: number };

/** A Map used as a bounded cache: re-set entries move to the end, the oldest go first. */
function setBounded<K, V>(map: Map<K, V>, key: K, value: V, max: number): void {
  map.delete(key);
  map.set(key, value);
  while (map.size > max) map.delete(map.keys().next().value as K);
}

/**
 * The badges of streamed trades, from the same reads as the REST tape (the token's launch labels
 * and the wallets' badge rows) kept in bounded in-memory caches, so a frame costs no read of its
 * own. A token's launch is read again only while a trade may still change it: a trade on or
 * before the end of the sniper windows (by time or by block) of a launch not yet judged on its
 * full trade count; such a read starts after the trade arrived, so it counts the trade as the
 * tape does. Wallet badges change once per badge job run: reused for `proTtlMs`.
 */
export function createTradeBadges(deps: {
  shards: ShardClient;
  logger: Logger;
  options?: TradeBadgeOptions;
}): TradeBadges {
  const o = deps.options ?? {};
  const now = o.now ?? Date.now;
  const launchTtl = o.launchTtlMs ?? 60_000;
  const noLaunchTtl = o.noLaunchTtlMs ?? 5_000;
  const proTtl = o.proTtlMs ?? 60_000;
  const maxTokens = o.maxTokens ?? 10_000;
  const maxWallets = o.maxWallets ?? 100_000;

  const launches = new Map<string, Timed<Launch>>();
  /** read order per token, so an older read finishing late does not replace a newer one */
  const launchSeq = new Map<string, number>();
  let seq = 0;
  const pros = new Map<string, Timed<boolean | null>>();

  type Waiter = () => void;
  let batch: {
    launches: Map<string, { chain: ChainId; token: string }>;
    wallets: Map<ChainId, Set<string>>;
    waiters: Waiter[];
    /** launches read by this batch, used by its waiters whatever their windows say */
    read: Map<string, Launch | undefined>;
  } | null = null;

  function launchUsable(entry: Timed<Launch> | undefined, t: TradeRow): boolean {
    if (!entry) return false;
    // while the deployer is unknown the snipers may still lose it once the creation lookup lands
    const ttl = entry.value === null || entry.value.labels.deployer === null ? noLaunchTtl : launchTtl;
    if (now() - entry.at > ttl) return false;
    return entry.value === null || pastLaunchWindows(entry.value.labels, t);
  }

  function proOf(chain: ChainId, wallet: string): Timed<boolean | null> | undefined {
    const e = pros.get(walletKey(chain, wallet));
    return e && now() - e.at <= proTtl ? e : undefined;
  }

  const badge = (t: TradeRow, launch: Launch, pro: boolean | null): TradeRow => ({
    ...t,
    isSniper: launch === null ? null : launch.snipers.has(t.maker),
    isProTrader: pro,
  });

  function scheduleBatch() {
    const b = {
      launches: new Map<string, { chain: ChainId; token: string }>(),
      wallets: new Map<ChainId, Set<string>>(),
      waiters: [] as Waiter[],
      read: new Map<string, Launch | undefined>(),
    };
    batch = b;
    setImmediate(() => {
      batch = null;
      void runBatch(b);
    });
    return b;
  }

  async function readLaunch(key: string, chain: ChainId, token: string): Promise<Launch | undefined> {
    const mine = ++seq;
    launchSeq.set(key, mine);
    try {
      const labels = await deps.shards.forKey(key).tokenLaunchLabels({ chain, address: token });
      const launch: Launch = labels === null ? null : { snipers: new Set(labels.snipers), labels };
      if (launchSeq.get(key) === mine) {
        setBounded(launches, key, { value: launch, at: now() }, maxTokens);
        launchSeq.delete(key);
      }
      return launch;
    } catch (err) {
      deps.logger.warn({ err, token: key }, "launch labels not read; the stream serves isSniper null");
      return undefined;
    }
  }

  /** wallet reads under way, so a wallet missed again before its read lands is read once */
  const inflight = new Map<string, Promise<void>>();

  async function readProsChunk(chain: ChainId, chunk: string[]): Promise<void> {
    try {
      const judged = await deps.shards.any().proTraders({ chain, wallets: chunk });
      const at = now();
      for (const w of chunk)
        setBounded(pros, walletKey(chain, w), { value: judged[w] ?? null, at }, maxWallets);
    } catch (err) {
      deps.logger.warn({ err, chain }, "wallet badges not read; the stream serves isProTrader null");
    }
  }

  async function readPros(chain: ChainId, wallets: string[]): Promise<void> {
    const waits = new Set<Promise<void>>();
    const fresh: string[] = [];
    for (const w of wallets) {
      // a read that landed after this batch was formed already answers for the wallet
      if (proOf(chain, w)) continue;
      const pending = inflight.get(walletKey(chain, w));
      if (pending) waits.add(pending);
      else fresh.push(w);
    }
    for (let i = 0; i < fresh.length; i += PRO_TRADERS_WALLETS_MAX) {
      const chunk = fresh.slice(i, i + PRO_TRADERS_WALLETS_MAX);
      const read = readProsChunk(chain, chunk).finally(() => {
        for (const w of chunk)
          if (inflight.get(walletKey(chain, w)) === read) inflight.delete(walletKey(chain, w));
      });
      for (const w of chunk) inflight.set(walletKey(chain, w), read);
      waits.add(read);
    }
    await Promise.all(waits);
  }

  async function runBatch(b: NonNullable<typeof batch>): Promise<void> {
    await Promise.all([
      ...[...b.launches].map(async ([key, { chain, token }]) => {
        b.read.set(key, await readLaunch(key, chain, token));
      }),
      ...[...b.wallets].map(([chain, ws]) => readPros(chain, [...ws])),
    ]);
    for (const w of b.waiters) w();
  }

  return {
    fill(chain, token, trades) {
      const key = marketKey(chain, token);
      const cached = launches.get(key);
      const launchOk = trades.every((t) => launchUsable(cached, t));
      const missing = trades.filter((t) => !proOf(chain, t.maker));
      if (launchOk && missing.length === 0)
        return trades.map((t) => badge(t, cached!.value, proOf(chain, t.maker)!.value));

      const b = batch ?? scheduleBatch();
      if (!launchOk) b.launches.set(key, { chain, token });
      if (missing.length > 0) {
        let set = b.wallets.get(chain);
        if (!set) {
          set = new Set();
          b.wallets.set(chain, set);
        }
        for (const t of missing) set.add(t.maker);
      }
      return new Promise<TradeRow[]>((resolve) => {
        b.waiters.push(() => {
          // this batch's own read when it made one (it started after these trades arrived)
          const launch = b.read.has(key) ? b.read.get(key) : launches.get(key)?.value;
          resolve(
            trades.map((t) =>
              launch === undefined
                ? { ...t, isSniper: null, isProTrader: proOf(chain, t.maker)?.value ?? null }
                : badge(t, launch, proOf(chain, t.maker)?.value ?? null),
            ),
          );
        });
      });
    },
    forget(chain, token) {
      const key = marketKey(chain, token);
      launches.delete(key);
      launchSeq.delete(key);
    },
  };
}
