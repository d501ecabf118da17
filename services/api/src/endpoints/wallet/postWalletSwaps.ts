import { z } from "zod";
import { routedBatch } from "../../batch/routedBatch.ts";
import { slotsBody } from "../../batch/slotsBody.ts";
import { defineEndpoint } from "../../endpoint.ts";
import { batchItems } from "../../schema/batchItems.ts";
import { parseBatchItem } from "../../schema/parseBatchItem.ts";
import { msBodyTime } from "./msBodyTime.ts";
import { walletRoute } from "./walletRoute.ts";
import { walletSwapSlotsSchema } from "./walletSchemas.ts";
import { walletSwapBounds } from "./walletSwapBounds.ts";

/** One wallet of the swaps batch, judged alone. */
const swapsItem = z.strictObject({
  wallet: z.string().describe("wallet address"),
  chain: z.string().describe("chain id"),
  cursor: z.string().max(512).optional().describe("the nextCursor of this wallet's previous slot"),
});

/** `POST /v1/wallet/swaps` (1 credit per wallet served): the swaps of 1 to 20 wallets, chains mixed. */
export const postWalletSwaps = defineEndpoint({
  method: "POST",
  path: "/v1/wallet/swaps",
  summary: "Wallet swaps, batch",
  description:
    "One slot per item in input order: { data, hasMore, nextCursor, oldestAt, usdBasis } exactly as GET /v1/wallet/swaps of that wallet with the shared options, or { error } for that item alone (INVALID_PARAM for a malformed wallet, an unknown chain, a bad cursor, a field of the wrong type or an unknown field; the list's own bounds are a 400 for the whole call). Each wallet paginates independently with its own cursor; beforeAt is ignored for an item that carries one.",
  tags: ["wallets"],
  body: z.strictObject({
    items: batchItems(swapsItem, { min: 1, max: 20 }),
    limit: z.int().min(1).max(100).default(50).describe("per wallet"),
    from: msBodyTime("inclusive lower bound, shared").optional(),
    to: msBodyTime("inclusive upper bound, shared").optional(),
    beforeAt: msBodyTime("strictly older, shared; ignored for an item carrying a cursor").optional(),
    fromAt: msBodyTime("inclusive lower bound, former name of from").optional(),
  }),
  response: walletSwapSlotsSchema,
  credits: { kind: "perItem", amount: 1 },
  batch: true,
  demo: true,
  async handler({ body, shards }) {
    const bounds = walletSwapBounds(body);
    const slots = await routedBatch(shards, "walletSwaps", body.items, (raw, i) => {
      const item = parseBatchItem(swapsItem, raw, `items.${i}`);
      const w = walletRoute(shards, item.chain, item.wallet, `items.${i}.`);
      return {
        key: w.key,
        param: {
          chain: w.chain,
          wallet: w.wallet,
          cursor: item.cursor ?? null,
          limit: body.limit,
          ...bounds,
        },
      };
    });
    return slotsBody(slots);
  },
});
