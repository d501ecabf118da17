import { FUNDING_LIMITS, InvalidParamError } from "@tapeline/core";
import { z } from "zod";
import { routedBatch } from "../../batch/routedBatch.ts";
import { slotsBody } from "../../batch/slotsBody.ts";
import { defineEndpoint } from "../../endpoint.ts";
import { batchItems } from "../../schema/batchItems.ts";
import { parseBatchItem } from "../../schema/parseBatchItem.ts";
import { walletFundingSlotsSchema } from "./fundingSchemas.ts";
import { FUNDING_DESCRIPTION } from "./getWalletFunding.ts";
import { walletRoute } from "./walletRoute.ts";

const fundingItem = z.strictObject({
  chain: z.string().describe("chain id"),
  wallet: z.string().describe("wallet address"),
});

const isSolana = (raw: unknown) =>
  typeof raw === "object" &&
  raw !== null &&
  ["solana", "solana:solana"].includes(String((raw as { chain?: unknown }).chain));

/** `POST /v1/wallet/funding` (1 credit per wallet served): the funding of up to 100 wallets, 20 on Solana. */
export const postWalletFunding = defineEndpoint({
  method: "POST",
  path: "/v1/wallet/funding",
  summary: "Wallet funding, batch",
  description: `One slot per item in input order: { data } as GET /v1/wallet/funding answers it, or { error } for that item alone (NOT_FOUND without a recorded funding, INVALID_PARAM for a malformed wallet or chain). At most ${FUNDING_LIMITS.itemsMax} items, of them at most ${FUNDING_LIMITS.solanaItemsMax} on Solana (a 400 naming items for the whole call). ${FUNDING_DESCRIPTION}`,
  tags: ["wallets"],
  body: z.strictObject({ items: batchItems(fundingItem, { min: 1, max: FUNDING_LIMITS.itemsMax }) }),
  response: walletFundingSlotsSchema,
  credits: { kind: "perItem", amount: 1 },
  batch: true,
  demo: true,
  async handler({ body, shards }) {
    const solana = body.items.filter(isSolana).length;
    if (solana > FUNDING_LIMITS.solanaItemsMax) {
      throw new InvalidParamError(
        "items",
        `at most ${FUNDING_LIMITS.solanaItemsMax} Solana wallets per call`,
        {
          max: FUNDING_LIMITS.solanaItemsMax,
          got: solana,
        },
      );
    }
    const slots = await routedBatch(shards, "walletFunding", body.items, (raw, i) => {
      const item = parseBatchItem(fundingItem, raw, `items.${i}`);
      const w = walletRoute(shards, item.chain, item.wallet, `items.${i}.`);
      return { key: w.key, param: { chain: w.chain, wallet: w.wallet } };
    });
    return slotsBody(slots);
  },
});
