import { envelope, HoldingsUnavailableError } from "@tapeline/core";
import { defineEndpoint } from "../../endpoint.ts";
import { parsePortfolioTokens, walletPositionsQuery } from "./portfolioParams.ts";
import { walletPositionsPageSchema } from "./portfolioSchemas.ts";
import { walletRoute } from "./walletRoute.ts";

/** `GET /v1/wallet/positions` (2 credits): what a wallet holds, what each bag cost and is worth. */
export const getWalletPositions = defineEndpoint({
  method: "GET",
  path: "/v1/wallet/positions",
  summary: "Wallet positions",
  description:
    "Holdings read from the chain's node at request time (meta.asOf; a trade of the wallet refreshes them within seconds) with the cost basis of the wallet's trades: an average-cost bag per token that restarts after a full exit, realized PnL over the token's whole history (a token is either an open position here or a closed position, never both), unrealized PnL of the bag's part of the balance. Rows are sorted by amountUsd (unknown last). Holdings the wallet received without trading carry no PnL and are listed only when their main pool holds at least 1,000 USD of reserves; a fully sold token's residual balance is listed with buys and sells 0. On EVM the holdings read are the native coin and every token the wallet traded, the chain's stablecoins and the tokens asked for; on Solana every token account. When the node cannot answer: 503 HOLDINGS_UNAVAILABLE with Retry-After, never a page with holdings missing.",
  tags: ["wallets"],
  query: walletPositionsQuery,
  response: walletPositionsPageSchema,
  credits: { kind: "flat", amount: 2 },
  demo: true,
  async handler({ query, shards }) {
    const w = walletRoute(shards, query.chain, query.wallet);
    const page = await w.shard.walletPositions({
      chain: w.chain,
      wallet: w.wallet,
      tokens: parsePortfolioTokens(w.chain, query.tokens),
      minValueUsd: query.minValueUsd,
      includeNative: query.includeNative,
      includeStables: query.includeStables,
      limit: query.limit ?? null,
      offset: query.offset,
    });
    if ("unavailable" in page)
      throw new HoldingsUnavailableError(
        w.chain,
        `holdings of the wallet are momentarily unavailable: ${page.unavailable.reason}`,
        page.unavailable.retryAfterMs,
      );
    return { body: envelope(page.data, { hasMore: page.hasMore, summary: page.summary }, page.asOf) };
  },
});
