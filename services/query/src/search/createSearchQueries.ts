import type { ChainId, SearchQueries, SearchResult } from "@tapeline/core";
import { createTtlCache } from "../market/createTtlCache.ts";
import type { MarketDb } from "../market/MarketDb.ts";
import { readUsdRates } from "../market/readUsdRates.ts";
import { createTextIndex, type TextIndex } from "./createTextIndex.ts";
import { findAddressMatches } from "./findAddressMatches.ts";
import { loadTextDocs } from "./loadTextDocs.ts";
import { readSearchRows } from "./readSearchRows.ts";

export type SearchQueriesOptions = {
  db: MarketDb;
  /** clock (ms); tests pin it */
  now?: () => number;
  /**
   * Least time between two rebuilds of the text index from the store, default 30 s. A rebuild
   * also waits five times as long as the last one took, so a large store never spends more
   * than a sixth of a core on it.
   */
  refreshMs?: number;
};

type Built = { index: TextIndex; chains: ChainId[]; asOf: number };

/**
 * `search` over an in-memory text index of every stored token, rebuilt from the store in the
 * background (the first call waits for the first build). Exact address matches (token, then
 * market) are read from the store on each call and come first; text matches follow, ranked by
 * the index; the rows served are read fresh from the store.
 */
export function createSearchQueries(opts: SearchQueriesOptions): SearchQueries & {
  /** rebuilds the index now (tests, and the bench measuring a build) */
  refresh(): Promise<void>;
  close(): void;
} {
  const { db } = opts;
  const now = opts.now ?? Date.now;
  const refreshMs = opts.refreshMs ?? 30_000;
  let built: Built | null = null;
  let building: Promise<void> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let closed = false;
  const rates = createTtlCache<number | null>({ ttlMs: 1000, max: 64, now });
  const usdRate = (chain: ChainId) =>
    rates.get(
      chain,
      async () => (await readUsdRates(db, chain, [{ atMs: now(), notBeforeMs: 0 }]))[0] ?? null,
    );

  async function build(): Promise<void> {
    const started = performance.now();
    const asOf = now();
    const [docs, chains] = await Promise.all([
      loadTextDocs(db, asOf),
      db.query<{ chain_id: ChainId }>("select chain_id from chains order by chain_id"),
    ]);
    built = { index: createTextIndex(docs), chains: chains.rows.map((r) => r.chain_id), asOf };
    const took = performance.now() - started;
    if (!closed) {
      timer = setTimeout(
        () => {
          refresh().catch(() => {
            // the previous index keeps serving; the next period tries again
          });
        },
        Math.max(refreshMs, 5 * took),
      );
      timer.unref();
    }
  }

  function refresh(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = null;
    building ??= build().finally(() => {
      building = null;
    });
    return building;
  }

  async function ready(): Promise<Built> {
    if (!built) await refresh();
    return built as unknown as Built;
  }

  return {
    refresh,
    close() {
      closed = true;
      if (timer) clearTimeout(timer);
    },
    async search(q): Promise<SearchResult> {
      const b = await ready();
      const chains = q.chains ?? b.chains;
      const exact = (await findAddressMatches(db, q.q, chains)).slice(0, q.limit);
      const seen = new Set(exact.map((m) => `${m.chain}/${m.address}`));
      const hits = b.index.search({
        text: q.q.toLowerCase(),
        chains,
        sortBy: q.sortBy,
        order: q.order,
        limit: q.limit - exact.length,
        exclude: seen,
      });
      const picks = [
        ...exact,
        ...hits.map((h) => ({ chain: h.chain as ChainId, address: h.address, match: h.match, pool: null })),
      ];
      return { data: await readSearchRows(db, picks, usdRate), asOf: b.asOf };
    },
  };
}
