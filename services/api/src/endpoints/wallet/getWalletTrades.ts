import { envelope } from "@tapeline/core";
import { defineEndpoint } from "../../endpoint.ts";
import { walletRoute } from "./walletRoute.ts";
import { walletTradePageSchema } from "./walletSchemas.ts";
import { walletTradeQuery } from "./walletSwapParams.ts";

/** `GET /v1/wallet/trades` (1 credit): a wallet's trade events, newest first. */
export const getWalletTrades = defineEndpoint({
  method: "GET",
  path: "/v1/wallet/trades",
  summary: "Wallet trades",
  description:
    "One event per transaction, token and side: the legs of a multi-hop merged (amounts and volumes summed once), tokens a route only passes through left out. EVM rows carry priceNative, volumeNative, block and logIndex, and meta.oldestAt feeds the next beforeAt (at most limit events a page; a page ending inside a millisecond gives oldestAt a fraction so the next page starts exactly after it); Solana rows carry tokenSymbol, priceUsd and maker, and beforeAt is refused there.",
  tags: ["wallets"],
  query: walletTradeQuery,
  response: walletTradePageSchema,
  credits: { kind: "flat", amount: 1 },
  demo: true,
  async handler({ query, shards }) {
    const w = walletRoute(shards, query.chain, query.wallet);
    const page = await w.shard.walletTrades({
      chain: w.chain,
      wallet: w.wallet,
      limit: query.limit,
      beforeAt: query.beforeAt ?? null,
    });
    return { body: envelope(page.data, page.oldestAt === undefined ? {} : { oldestAt: page.oldestAt }) };
  },
});
