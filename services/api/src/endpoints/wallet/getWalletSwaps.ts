import { walletSwapEnvelopeJson } from "@tapeline/core";
import { defineEndpoint } from "../../endpoint.ts";
import { SerializedJson } from "../../http/SerializedJson.ts";
import { walletRoute } from "./walletRoute.ts";
import { walletSwapPageSchema } from "./walletSchemas.ts";
import { walletSwapBounds } from "./walletSwapBounds.ts";
import { walletSwapQuery } from "./walletSwapParams.ts";

/**
 * `GET /v1/wallet/swaps` (1 credit): a wallet's swaps, one row per transaction, newest first. The
 * shard's page text is spliced into the answer as it is, never parsed.
 */
export const getWalletSwaps = defineEndpoint({
  method: "GET",
  path: "/v1/wallet/swaps",
  summary: "Wallet swaps",
  description:
    "One row per transaction, newest first: what the wallet sent and received (its net balance changes of the route's end assets) and the route. Keep passing meta.nextCursor until hasMore is false; from and to combine with cursor, beforeAt applies to the first page. fromAt and beforeAt are the former names of the bounds: one name per bound.",
  tags: ["wallets"],
  query: walletSwapQuery,
  response: walletSwapPageSchema,
  credits: { kind: "flat", amount: 1 },
  demo: true,
  async handler({ query, shards }) {
    const w = walletRoute(shards, query.chain, query.wallet);
    const bounds = walletSwapBounds(query);
    const page = await w.shard.walletSwaps({
      chain: w.chain,
      wallet: w.wallet,
      cursor: query.cursor ?? null,
      limit: query.limit,
      ...bounds,
    });
    return { body: new SerializedJson(walletSwapEnvelopeJson(page, Date.now())) };
  },
});
