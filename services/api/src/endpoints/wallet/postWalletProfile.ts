import { z } from "zod";
import { routedBatch } from "../../batch/routedBatch.ts";
import { slotsBody } from "../../batch/slotsBody.ts";
import { defineEndpoint } from "../../endpoint.ts";
import { batchItems } from "../../schema/batchItems.ts";
import { parseBatchItem } from "../../schema/parseBatchItem.ts";
import { errorSlot, metaSchema } from "../market/marketSchemas.ts";
import {
  PROFILE_DESCRIPTION,
  parseProfileAddress,
  profileKey,
  walletProfileSchema,
} from "./profileSchemas.ts";

const profileItem = z.strictObject({ address: z.string().describe("EVM or Solana address") });

/** `POST /v1/wallet/profile` (1 credit per item answered, a null profile included). */
export const postWalletProfile = defineEndpoint({
  method: "POST",
  path: "/v1/wallet/profile",
  summary: "Wallet profiles, batch",
  description: `1 to 100 addresses, EVM and Solana mixed; one slot per address in input order, { data: null } for a wallet without known identity (billed: it is an answer), { error } for a malformed item (not billed). ${PROFILE_DESCRIPTION}`,
  tags: ["wallets"],
  body: z.strictObject({ items: batchItems(profileItem, { min: 1, max: 100 }) }),
  response: z.object({
    data: z.array(z.union([z.object({ data: walletProfileSchema.nullable() }), errorSlot])),
    meta: metaSchema,
  }),
  credits: { kind: "perItem", amount: 1 },
  batch: true,
  async handler({ body, shards }) {
    const slots = await routedBatch(shards, "walletProfile", body.items, (raw, i) => {
      const item = parseBatchItem(profileItem, raw, `items.${i}`);
      const address = parseProfileAddress(item.address, `items.${i}.address`);
      return { key: profileKey(address), param: { address } };
    });
    return slotsBody(slots);
  },
});
