import { envelope } from "@tapeline/core";
import { z } from "zod";
import { defineEndpoint } from "../../endpoint.ts";
import { documented } from "../../schema/documented.ts";
import { metaSchema } from "../market/marketSchemas.ts";
import {
  PROFILE_DESCRIPTION,
  parseProfileAddress,
  profileKey,
  walletProfileSchema,
} from "./profileSchemas.ts";

/** `GET /v1/wallet/profile` (1 credit). */
export const getWalletProfile = defineEndpoint({
  method: "GET",
  path: "/v1/wallet/profile",
  summary: "Wallet profile",
  description: PROFILE_DESCRIPTION,
  tags: ["wallets"],
  query: z.strictObject({
    address: documented(z.string().min(1), {
      type: "string",
      description: "EVM hex address (case-insensitive) or Solana base58 address",
    }),
  }),
  response: z.object({
    data: z.object({
      profile: walletProfileSchema.nullable().describe("null for a wallet without known identity"),
      linkedWallets: z
        .array(z.string())
        .describe("other wallets of the same verified social identity; [] without one"),
    }),
    meta: metaSchema,
  }),
  credits: { kind: "flat", amount: 1 },
  async handler({ query, shards }) {
    const address = parseProfileAddress(query.address);
    return { body: envelope(await shards.forKey(profileKey(address)).walletProfile({ address })) };
  },
});
