import { envelope, PULSE_LIMITS, PULSE_VIEWS } from "@tapeline/core";
import { z } from "zod";
import { defineEndpoint } from "../../endpoint.ts";
import { chainIdParam } from "../../schema/chainIdParam.ts";
import { csvParam } from "../../schema/csvParam.ts";
import { documented } from "../../schema/documented.ts";
import { intParam } from "../../schema/intParam.ts";

const dec = z.string().describe("decimal number as a string");
const ms = z.int().describe("unix milliseconds");

const pulseRowSchema = z.object({
  chain: z.string(),
  address: z.string().describe("token address"),
  name: z.string().nullable(),
  symbol: z.string().nullable(),
  nameRank: z
    .int()
    .nullable()
    .describe("1 for the first token deployed under this symbol on the chain, then 2, ..."),
  totalSupply: dec.nullable().describe("whole tokens"),
  priceNative: dec.nullable(),
  priceUsd: z.number().nullable(),
  marketCapUsd: z.number().nullable().describe("price x total supply, capped as on GET /v1/token"),
  liquidityNative: dec.nullable().describe("across all the token's markets"),
  liquidityUsd: z.number().nullable(),
  pool: z
    .object({
      address: z.string(),
      type: z.string(),
      factory: z.string().nullable(),
      quoteAddress: z.string(),
      quoteSymbol: z.string().nullable(),
    })
    .nullable()
    .describe("the token's best pool, as on GET /v1/token"),
  bondingProgress: z
    .number()
    .nullable()
    .describe(
      "percent of the curve filled, 100 once migrated; the same figure as GET /v1/token launchpad.bondingProgress",
    ),
  migrated: z.boolean(),
  createdAt: ms.nullable().describe("the curve's creation (the token's deploy time)"),
  graduatedAt: ms
    .nullable()
    .describe("time of the migration event; null before migration (also when virtually graduated)"),
  ageSeconds: z.int().nullable(),
  txns: z.int().describe("trades over the last 24 h across the token's markets"),
  buys: z.int(),
  sells: z.int(),
  volumeUsd: z.number().nullable().describe("24 h, valued as GET /v1/token stats24h.volumeUsd"),
  feesUsd: z.number().nullable().describe("24 h transaction fees paid by traders"),
  metadata: z.object({
    iconUrl: z.string().nullable(),
    websiteUrl: z.string().nullable(),
    twitterUrl: z.string().nullable(),
    telegramUrl: z.string().nullable(),
    dexPaid: z.boolean().nullable().describe("as the token snapshot's metadata.dexPaid: null when unknown"),
  }),
  creator: z
    .object({
      address: z.string(),
      displayName: z.string().nullable(),
      avatarUrl: z.string().nullable(),
      ensName: z.string().nullable(),
    })
    .nullable()
    .describe(
      "the curve's creator (the deployer); displayName, avatarUrl and ensName as GET /v1/wallet/profile reads them (null when unknown; a creator first seen may show nulls for one answer while its profile is looked up); null when unknown",
    ),
});

const query = z.strictObject({
  view: documented(z.enum(PULSE_VIEWS), {
    type: "string",
    enum: [...PULSE_VIEWS],
    description:
      "new: created under 24 h ago, newest first; bonding: curves neither migrated nor filled that traded in the last 24 h, by bonding progress; graduated: migrated in the last 7 days (by the migration event), or filled and awaiting migration (virtually graduated) with a trade in that time, latest first",
  }),
  chains: csvParam(chainIdParam(), { min: 1, max: PULSE_LIMITS.chainsMax, description: "chains listed" }),
  limit: intParam({ min: 1, max: PULSE_LIMITS.limitMax, default: PULSE_LIMITS.limitDefault }),
});

/** `GET /v1/pulse` (1 credit): launchpad tokens by lifecycle view. */
export const getPulse = defineEndpoint({
  method: "GET",
  path: "/v1/pulse",
  summary: "Launchpad lifecycle views",
  description:
    "Launchpad tokens of the listed chains in one of three views (new, bonding, graduated). Each row follows GET /v1/token's rules: best pool, liquidity across markets, bonding progress from the same launchpad registry, graduatedAt from the migration event.",
  tags: ["discovery"],
  query,
  response: z.object({
    data: z.array(pulseRowSchema),
    meta: z.object({ asOf: ms, view: z.enum(PULSE_VIEWS) }),
  }),
  credits: { kind: "flat", amount: 1 },
  demo: true,
  async handler({ query: p, shards }) {
    const rows = await shards.any().pulse({ view: p.view, chains: [...new Set(p.chains)], limit: p.limit });
    return { body: envelope(rows, { view: p.view }) };
  },
});
