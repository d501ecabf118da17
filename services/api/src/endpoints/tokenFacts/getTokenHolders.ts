import { envelope, HOLDER_LIMITS, HOLDER_TAGS } from "@tapeline/core";
import { z } from "zod";
import { defineEndpoint } from "../../endpoint.ts";
import { documented } from "../../schema/documented.ts";
import { intParam } from "../../schema/intParam.ts";
import { refQuery } from "../market/marketParams.ts";
import { tokenRoute } from "../market/tokenRoute.ts";

const holderSchema = z.object({
  rank: z.int().describe("1 for the largest holder"),
  address: z.string().describe("the holder: an EVM address, or on Solana the owner of the token accounts"),
  amount: z.string().describe("balance in raw token units (decimal string; divide by 10^decimals)"),
  supplySharePct: z
    .number()
    .nullable()
    .describe("percent of the token's recorded total supply; null when the supply is unknown"),
  tags: z
    .array(z.enum(HOLDER_TAGS))
    .describe(
      "pool: the address of a market (a V4 pool manager of the token's markets included); bondingCurve: a launchpad curve; burn: 0x…dead or the Solana incinerator; locker: in the deployment's locker list; programOwned: no private key controls it (Solana: the owner is off the ed25519 curve, a program-derived address; EVM: the address has contract code, an EIP-7702 delegated account excepted)",
    ),
});

/** `GET /v1/token/holders` (1 credit). */
export const getTokenHolders = defineEndpoint({
  method: "GET",
  path: "/v1/token/holders",
  summary: "Token holders",
  description:
    "Top holders of a token, largest balance first, with their amount, share of supply and tags, and the holder count (positive balances). " +
    "Balances are kept by ingest from each chain's own records: on EVM the token's Transfer logs since its creation (equal to balanceOf); on Solana every transaction's pre/post token balances since the token's first market was seen (an owner's token accounts summed; accounts that never moved since are not counted). " +
    "A token with a market whose balances are not tracked yet answers holderCount null and no rows. Keep passing meta.nextCursor until hasMore is false (exact keyset: never skips or repeats a holder). Unknown token: 404 NOT_FOUND.",
  tags: ["tokens"],
  query: z.strictObject({
    ...refQuery,
    limit: intParam({ min: HOLDER_LIMITS.min, max: HOLDER_LIMITS.max, default: HOLDER_LIMITS.default }),
    cursor: documented(z.string().min(1).max(512), {
      type: "string",
      description: "opaque, from meta.nextCursor of the same token",
    }).optional(),
  }),
  response: z.object({
    data: z.array(holderSchema),
    meta: z.object({
      asOf: z.int(),
      holderCount: z.int().nullable().describe("holders with a positive balance; null while not tracked"),
      totalSupply: z.string().nullable().describe("raw units, as recorded for the token"),
      decimals: z.int().nullable(),
      trackedSinceBlock: z.int().nullable().describe("block (Solana: slot) the balances are kept from"),
      programOwnedChecked: z
        .boolean()
        .describe(
          "true when every row was judged for programOwned (always on Solana; on EVM when the chain's node answered); false: a contract may lack the tag",
        ),
      hasMore: z.boolean(),
      nextCursor: z.string().nullable(),
    }),
  }),
  credits: { kind: "flat", amount: 1 },
  async handler({ query, shards }) {
    const t = tokenRoute(shards, query.chain, query.address);
    const page = await t.shard.tokenHolders({
      chain: t.chain,
      address: t.address,
      limit: query.limit,
      cursor: query.cursor ?? null,
    });
    return {
      body: envelope(page.data, {
        holderCount: page.holderCount,
        totalSupply: page.totalSupply,
        decimals: page.decimals,
        trackedSinceBlock: page.trackedSinceBlock,
        programOwnedChecked: page.programOwnedChecked,
        hasMore: page.hasMore,
        nextCursor: page.nextCursor,
      }),
    };
  },
});
