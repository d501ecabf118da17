import {
  type ChainId,
  canonicalFilter,
  decodeScreenerCursor,
  encodeScreenerCursor,
  envelope,
  evaluateScreenerFilter,
  type FilterNode,
  FLAT_FILTERS,
  type FlatFilters,
  flatScreenerFilters,
  InvalidParamError,
  parseScreenerFilter,
  resolveScreenerSort,
  type ScreenerView,
  STATS_WINDOWS,
  screenerViewId,
  sortScreenerMarkets,
  type UniverseMarket,
  type UniverseSnapshot,
} from "@tapeline/core";
import { z } from "zod";
import { defineEndpoint, type EndpointDef } from "../../endpoint.ts";
import { SerializedJson } from "../../http/SerializedJson.ts";
import { chainIdParam } from "../../schema/chainIdParam.ts";
import { csvParam } from "../../schema/csvParam.ts";
import { intParam } from "../../schema/intParam.ts";
import { numberParam } from "../../schema/numberParam.ts";
import { statsWindowsParam } from "../market/statsWindowsParam.ts";
import type { UniverseReader } from "./createUniverseReader.ts";
import { screenerResponseSchema } from "./screenerSchemas.ts";
import { newestRowJson, screenerRowJson, toNewestRow, toScreenerRow } from "./toScreenerRow.ts";

/** What `meta.universe` names: how each chain's list is selected. */
export const UNIVERSE_NAME = "top500-24h-volume+top100-1h-volume";

const flatParam = (description: string) => numberParam({ min: 0, description }).optional();
const AGE = "minutes since market creation, inclusive";
const USD = "USD, inclusive";
const OVER = "over the timeframe, inclusive";
const flatParams = {
  ageMin: flatParam(AGE),
  ageMax: flatParam(AGE),
  liquidityMin: flatParam(USD),
  liquidityMax: flatParam(USD),
  marketCapMin: flatParam(USD),
  marketCapMax: flatParam(USD),
  volumeMin: flatParam(`USD ${OVER}`),
  volumeMax: flatParam(`USD ${OVER}`),
  feesMin: flatParam(`USD ${OVER}`),
  feesMax: flatParam(`USD ${OVER}`),
  txnsMin: flatParam(`trades ${OVER}`),
  txnsMax: flatParam(`trades ${OVER}`),
} satisfies Record<keyof typeof FLAT_FILTERS, unknown>;

/** The screener's parameters: the query of `GET /v1/screener`, and the params of the screener stream channels. */
export const screenerQuery = z.strictObject({
  chains: csvParam(chainIdParam(), { min: 1, max: 8, description: "chains to list" }),
  sortBy: z
    .string()
    .max(64)
    .optional()
    .describe(
      "trending (default), volume (alias top), marketCap, createdAt, or a numeric field: liquidityUsd, marketCapUsd, priceUsd, ageSeconds, priceChangePct, volumeUsd, feesUsd, txns, buys, sells, windows.<window>.<field>",
    ),
  sortOrder: z.enum(["desc", "asc"]).default("desc"),
  timeframe: z
    .enum(STATS_WINDOWS)
    .optional()
    .describe("window of sortBy=volume and the bare counters (default 24h)"),
  window: z.enum(STATS_WINDOWS).optional().describe("former name of timeframe, with sortBy=volume only"),
  filters: z.string().optional().describe("filter tree as URL-encoded JSON"),
  windows: statsWindowsParam(),
  ...flatParams,
  limit: intParam({ min: 1, max: 100, default: 30 }),
  cursor: z.string().max(4_096).optional().describe("opaque, from meta.nextCursor"),
});
export type ScreenerQuery = z.infer<typeof screenerQuery>;
type Query = ScreenerQuery;

const DESCRIPTION = `The most active markets of each chain, quality-filtered, with cursor pagination.

Universe: per chain, every 5 s, the top 500 markets by 24 h USD volume plus the top 100 by 1 h USD volume among markets that pass the quality filters: the traded token is not a stablecoin, the native coin or its wrapped form; USD liquidity at least 1,000 (else drained); not wash-traded (30 or more trades in 24 h with fewer than 1 distinct maker per 10 trades, or half its trades flagged wash by the ingest); a known, non-zero 24 h USD volume. Windows are minute-aligned (the 5m window is the current minute and the 4 before it).

sortBy=trending ranks on sqrt(volume24hUsd × distinct makers over 24 h) × (1 − share of 24 h trades flagged wash): volume from many wallets ranks above the same volume from few.

Filters (filter tree and flat filters) run on the whole universe before the page is cut; a market whose value is unknown never passes a numeric bound (the tree is evaluated in three-valued logic, so not even through NOT); text comparisons ignore case. The filter tree is bounded: 8 levels of groups, 128 conditions, 100 values per in, 200 characters per text, 8,192 characters in all.

Cursors: a cursor pins the universe computation of each chain its walk started on; computations are kept 120 s, so every page of a walk started within the last minute comes from the same figures. A cursor whose computation expired gives 400 INVALID_PARAM with details.param = cursor and details.reason = expired; another view's cursor gives details.reason = other_view.

sortBy=createdAt lists the newest markets of exactly one chain (its 1,000 newest, every market counted), identity, price and market cap only, and takes no filter.`;

/** One page of the screener: the body `GET /v1/screener` answers (`{ data, meta }`). */
export type ScreenerLister = (q: ScreenerQuery) => Promise<{ body: unknown }>;

/** A page cut, before it is written: its rows as objects or as JSON text, and its meta. */
type ScreenerPage = {
  rows(): unknown[];
  rowsJson(): string[];
  meta: Record<string, unknown>;
  nowMs: number;
};

/**
 * Lists the screener from the universe snapshots the jobs store: filter, sort and page cut in this
 * process. The REST endpoints and the screener stream channels share it.
 */
export function createScreenerLister(reader: UniverseReader): ScreenerLister {
  const pages = createScreenerPages(reader);
  return async (q) => {
    const p = await pages(q);
    return { body: envelope(p.rows(), p.meta, p.nowMs) };
  };
}

/**
 * The page body as JSON bytes, rows from their once-serialized text: the same text as
 * `JSON.stringify(envelope(rows, meta, nowMs))`, without building and serializing each row per request.
 */
function pageJson(p: ScreenerPage): SerializedJson {
  return new SerializedJson(
    `{"data":[${p.rowsJson().join(",")}],"meta":${JSON.stringify({ asOf: p.nowMs, ...p.meta })}}`,
  );
}

function createScreenerPages(reader: UniverseReader): (q: ScreenerQuery) => Promise<ScreenerPage> {
  const lists = new Map<string, UniverseMarket[]>();
  const keepLists = 256;

  const handler = async ({ query: q }: { query: Query }) => {
    const nowMs = Date.now();
    const chains = [...new Set(q.chains)].sort() as ChainId[];
    if (q.window !== undefined) {
      if (q.timeframe !== undefined) {
        throw new InvalidParamError(
          "window",
          "window is the former name of timeframe: give one or the other",
        );
      }
      if ((q.sortBy ?? "trending") !== "volume") {
        throw new InvalidParamError("window", "window is accepted with sortBy=volume only; use timeframe");
      }
    }
    const timeframe = q.timeframe ?? q.window ?? "24h";
    const sortBy = q.sortBy ?? "trending";
    const flat: FlatFilters = {};
    for (const name of Object.keys(FLAT_FILTERS) as (keyof typeof FLAT_FILTERS)[]) {
      const v = q[name];
      if (typeof v === "number") flat[name] = v;
    }

    if (sortBy === "createdAt") {
      if (chains.length !== 1)
        throw new InvalidParamError("chains", "sortBy=createdAt serves exactly one chain");
      if (q.filters !== undefined) throw new InvalidParamError("filters", "sortBy=createdAt takes no filter");
      const flatName = Object.keys(flat)[0];
      if (flatName) throw new InvalidParamError(flatName, "sortBy=createdAt takes no filter");
      return page(
        chains,
        `createdAt|${q.sortOrder}|${timeframe}|${chains.join(",")}`,
        q,
        nowMs,
        timeframe,
        (snaps) => {
          const newest = snaps.flatMap((s) => s.newest);
          return q.sortOrder === "asc" ? [...newest].reverse() : newest;
        },
        toNewestRow,
        newestRowJson,
      );
    }

    const sort = resolveScreenerSort(sortBy, timeframe);
    if (!sort) throw new InvalidParamError("sortBy", `unknown or non-numeric sortBy ${sortBy}`);
    const parts: FilterNode[] = [
      ...(q.filters !== undefined ? [parseScreenerFilter(q.filters, timeframe)] : []),
      ...flatScreenerFilters(flat, timeframe),
    ];
    const filter: FilterNode | null =
      parts.length === 0 ? null : parts.length === 1 ? parts[0]! : { kind: "and", children: parts };
    const canonical = `${sort.name}|${q.sortOrder}|${timeframe}|${chains.join(",")}|${filter ? canonicalFilter(filter) : ""}`;
    const view: ScreenerView = { timeframe, nowMs };
    return page(
      chains,
      canonical,
      q,
      nowMs,
      timeframe,
      (snaps) => {
        const all = snaps.flatMap((s) => s.markets);
        const kept = filter ? all.filter((m) => evaluateScreenerFilter(filter, m, view) === true) : all;
        return sortScreenerMarkets(kept, sort, q.sortOrder, view);
      },
      (m: UniverseMarket) => toScreenerRow(m, q.windows, nowMs),
      (m: UniverseMarket) => screenerRowJson(m, q.windows, nowMs),
      sort.name === "trending" ? "trending" : sortBy === "volume" || sortBy === "top" ? "volume" : sort.name,
    );
  };

  async function page<T>(
    chains: ChainId[],
    canonical: string,
    q: Query,
    nowMs: number,
    timeframe: (typeof STATS_WINDOWS)[number],
    build: (snaps: UniverseSnapshot[]) => T[],
    toRow: (m: T) => unknown,
    toJson: (m: T) => string,
    sortName = "createdAt",
  ): Promise<ScreenerPage> {
    const viewId = screenerViewId(canonical);
    const cursor = q.cursor === undefined ? null : decodeScreenerCursor(q.cursor, viewId);
    const pins: Record<string, number> = {};
    const snaps: UniverseSnapshot[] = [];
    const chainMeta: { chain: string; markets: number; asOf: number | null }[] = [];
    for (const chain of chains) {
      const version = cursor ? cursor.pins[chain] : ((await reader.latest(chain)) ?? 0);
      if (version === undefined) {
        throw new InvalidParamError("cursor", "cursor belongs to another view", { reason: "other_view" });
      }
      pins[chain] = version;
      const snap = version === 0 ? null : await reader.get(chain, version);
      if (version !== 0 && !snap) {
        if (cursor) {
          throw new InvalidParamError(
            "cursor",
            "the figures this cursor pinned expired; start the walk again",
            {
              reason: "expired",
            },
          );
        }
        pins[chain] = 0;
      }
      if (snap) snaps.push(snap);
      chainMeta.push({
        chain,
        markets: snap ? (sortName === "createdAt" ? snap.newest.length : snap.markets.length) : 0,
        asOf: snap?.asOf ?? null,
      });
    }
    // The list of a view over pinned computations never changes, so a walk computes it once.
    const listKey = `${viewId}|${JSON.stringify(pins)}`;
    let list = lists.get(listKey) as T[] | undefined;
    if (!list) {
      list = build(snaps);
      lists.set(listKey, list as unknown as UniverseMarket[]);
      while (lists.size > keepLists) lists.delete(lists.keys().next().value as string);
    }
    const offset = cursor?.offset ?? 0;
    const rows = list.slice(offset, offset + q.limit);
    const hasMore = offset + rows.length < list.length;
    return {
      rows: () => rows.map(toRow),
      rowsJson: () => rows.map(toJson),
      meta: {
        universe: sortName === "createdAt" ? "newest-1000" : UNIVERSE_NAME,
        chains: chainMeta,
        sortBy: sortName,
        sortOrder: q.sortOrder,
        timeframe,
        hasMore,
        nextCursor: hasMore
          ? encodeScreenerCursor({ view: viewId, pins, offset: offset + rows.length })
          : null,
      },
      nowMs,
    };
  }

  return (q) => handler({ query: q });
}

/**
 * `GET /v1/screener` and `GET /v1/screener/pools` (the same list under its explicit name), served
 * by `createScreenerLister`.
 */
export function createScreenerEndpoints(reader: UniverseReader): EndpointDef[] {
  const pages = createScreenerPages(reader);
  const def = (path: "/v1/screener" | "/v1/screener/pools", summary: string) =>
    defineEndpoint({
      method: "GET",
      path,
      summary,
      description: DESCRIPTION,
      tags: ["screener"],
      query: screenerQuery,
      response: screenerResponseSchema,
      credits: { kind: "flat", amount: 1 },
      demo: true,
      handler: async ({ query: q }) => ({ body: pageJson(await pages(q)) }),
    });
  return [def("/v1/screener", "Screener"), def("/v1/screener/pools", "Screener (pools)")];
}
