import {
  envelope,
  InvalidParamError,
  SEARCH_LIMITS,
  SEARCH_MATCHES,
  SEARCH_SORTS,
  type SearchQuery,
} from "@tapeline/core";
import { z } from "zod";
import { defineEndpoint } from "../../endpoint.ts";
import { chainIdParam } from "../../schema/chainIdParam.ts";
import { csvParam } from "../../schema/csvParam.ts";
import { documented } from "../../schema/documented.ts";
import { intParam } from "../../schema/intParam.ts";

const ms = z.int().describe("unix milliseconds");

const searchRowSchema = z.object({
  chain: z.string(),
  address: z.string().describe("token address"),
  name: z.string().nullable(),
  symbol: z.string().nullable(),
  match: z
    .enum(SEARCH_MATCHES)
    .describe("address: the token's own address; poolAddress: one of its markets; symbol or name: the text"),
  pool: z
    .object({
      address: z.string(),
      type: z.string(),
      quoteAddress: z.string(),
      quoteSymbol: z.string().nullable(),
    })
    .nullable()
    .describe("the market whose address matched, else the token's best pool"),
  priceNative: z.string().nullable().describe("decimal number as a string, from the row's pool"),
  priceUsd: z.number().nullable(),
  liquidityUsd: z.number().nullable().describe("of the row's pool"),
  createdAt: ms.nullable(),
  lastTradeAt: ms.nullable().describe("latest trade of the row's pool"),
});

const query = z.strictObject({
  q: documented(
    z
      .string()
      .transform((v) => v.trim())
      .pipe(
        z
          .string()
          .min(1, "must not be blank")
          .max(SEARCH_LIMITS.qMaxLength, `must be at most ${SEARCH_LIMITS.qMaxLength} characters`),
      ),
    {
      type: "string",
      minLength: 1,
      maxLength: SEARCH_LIMITS.qMaxLength,
      description:
        "keyword: a token or market address (exact; EVM case-insensitive), or text matched against symbols and names (case-insensitive: equal, starting with it, or a later name word starting with it)",
    },
  ),
  chain: csvParam(chainIdParam(), {
    min: 1,
    max: SEARCH_LIMITS.chainsMax,
    description: "chains searched (default: every chain)",
  }).optional(),
  sortBy: documented(z.enum(SEARCH_SORTS), {
    type: "string",
    enum: [...SEARCH_SORTS],
    default: "relevance",
    description:
      "relevance: symbol equal, name equal, symbol prefix, name prefix, name word prefix, then by activity (USD liquidity of the token's deepest market, unknown last) and age; liquidityUsd or createdAt: by that figure, unknown last in both orders. Exact address matches come first whatever the order.",
  }).default("relevance"),
  order: documented(z.enum(["desc", "asc"]), {
    type: "string",
    enum: ["desc", "asc"],
    default: "desc",
    description: "for sortBy liquidityUsd or createdAt; relevance is served best first only (asc is refused)",
  }).default("desc"),
  limit: intParam({ min: 1, max: SEARCH_LIMITS.limitMax, default: SEARCH_LIMITS.limitDefault }),
});

/** `GET /v1/search` (1 credit): tokens and markets by address, symbol or name, across chains. */
export const getSearch = defineEndpoint({
  method: "GET",
  path: "/v1/search",
  summary: "Search tokens and markets",
  description:
    "Exact address matches first (a token's address, then a market's address or pool id, giving the token it trades), then tokens whose symbol or name matches the keyword. Text matches are ranked by an index each query shard rebuilds from the store every 30 s or more (meta.indexedAt), so a token stored since then is found by address only; the rows' figures are read at request time.",
  tags: ["discovery"],
  query,
  response: z.object({
    data: z.array(searchRowSchema),
    meta: z.object({ asOf: ms, indexedAt: ms.describe("when the text index was built") }),
  }),
  credits: { kind: "flat", amount: 1 },
  demo: true,
  async handler({ query: p, shards }) {
    if (p.sortBy === "relevance" && p.order === "asc") {
      throw new InvalidParamError(
        "order",
        "order=asc needs sortBy liquidityUsd or createdAt (relevance is served best first)",
      );
    }
    const q: SearchQuery = {
      q: p.q,
      chains: p.chain ? [...new Set(p.chain)] : null,
      sortBy: p.sortBy,
      order: p.order,
      limit: p.limit,
    };
    const result = await shards.any().search(q);
    return { body: envelope(result.data, { indexedAt: result.asOf }) };
  },
});
