import type { ChainId } from "../chainId.ts";

/** What a search row matched on, most relevant first. */
export const SEARCH_MATCHES = ["address", "poolAddress", "symbol", "name"] as const;
export type SearchMatch = (typeof SEARCH_MATCHES)[number];

/** Orders of `GET /v1/search`: `relevance` (match quality, then activity) or one figure. */
export const SEARCH_SORTS = ["relevance", "liquidityUsd", "createdAt"] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

/** Bounds of `GET /v1/search`. */
export const SEARCH_LIMITS = { qMaxLength: 100, chainsMax: 8, limitMax: 50, limitDefault: 20 } as const;

export type SearchQuery = {
  /** trimmed keyword: an address, or text matched against symbols and names (case-insensitive) */
  q: string;
  /** chains searched; null for every chain */
  chains: ChainId[] | null;
  sortBy: SearchSort;
  order: "desc" | "asc";
  limit: number;
};

/** One `GET /v1/search` row: a token and the market it is priced from (or the pool whose address was given). */
export type SearchRow = {
  chain: ChainId;
  /** token address */
  address: string;
  name: string | null;
  symbol: string | null;
  match: SearchMatch;
  pool: { address: string; type: string; quoteAddress: string; quoteSymbol: string | null } | null;
  priceNative: string | null;
  priceUsd: number | null;
  /** of the row's pool */
  liquidityUsd: number | null;
  createdAt: number | null;
  lastTradeAt: number | null;
};

export type SearchResult = {
  data: SearchRow[];
  /** when the text index was last refreshed from the store (ms) */
  asOf: number;
};

/** The search read method a query shard answers. */
export interface SearchQueries {
  search(q: SearchQuery): Promise<SearchResult>;
}
