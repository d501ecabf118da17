import { envelope } from "@tapeline/core";
import { z } from "zod";
import { defineEndpoint } from "../../endpoint.ts";
import { refQuery } from "../market/marketParams.ts";
import { metaSchema, tokenMetadataSchema } from "../market/marketSchemas.ts";
import { tokenRoute } from "../market/tokenRoute.ts";

const recordSchema = tokenMetadataSchema.extend({
  chain: z.string(),
  address: z.string(),
  uri: z
    .string()
    .nullable()
    .describe(
      "the metadata URI recorded on chain (Metaplex, Token-2022; an EVM launchpad's creation event); null when none",
    ),
  fetchedAt: z.int().nullable().describe("unix ms the document at uri was last fetched and taken"),
  status: z
    .string()
    .nullable()
    .describe(
      "ok, or why the last fetch failed: BAD_URL, PRIVATE_ADDRESS, TIMEOUT, TOO_LARGE, BAD_CONTENT_TYPE, HTTP_STATUS, TOO_MANY_REDIRECTS, BAD_JSON, NETWORK; null before any fetch",
    ),
});

/** `GET /v1/token/metadata` (1 credit). */
export const getTokenMetadata = defineEndpoint({
  method: "GET",
  path: "/v1/token/metadata",
  summary: "Token metadata",
  description:
    "Socials, icon, header and description from the token's metadata document (the URI recorded from Metaplex and Token-2022 metadata on Solana, and on EVM from a launchpad's creation event where it records one), " +
    "fetched by the jobs service through the configured IPFS/Arweave gateways and refreshed daily; the same block as GET /v1/token's metadata. " +
    "dexPaid and dexPaidAt come from a dex-paid provider and are null when none is configured. A field the document does not give is null. Unknown token: 404 NOT_FOUND.",
  tags: ["tokens"],
  query: z.strictObject(refQuery),
  response: z.object({ data: recordSchema, meta: metaSchema }),
  credits: { kind: "flat", amount: 1 },
  async handler({ query, shards }) {
    const t = tokenRoute(shards, query.chain, query.address);
    return { body: envelope(await t.shard.tokenMetadata({ chain: t.chain, address: t.address })) };
  },
});
