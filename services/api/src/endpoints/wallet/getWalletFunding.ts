import { envelope } from "@tapeline/core";
import { z } from "zod";
import { defineEndpoint } from "../../endpoint.ts";
import { walletFundingPageSchema } from "./fundingSchemas.ts";
import { walletRoute } from "./walletRoute.ts";

export const FUNDING_DESCRIPTION =
  "The earliest native transfer into the wallet that funded it, recorded by ingest: a transfer counts when the receiving account held nothing before its transaction (its creation), so a wallet older than the indexed history has none (404). Solana: the system program's transfers of each transaction, inner instructions included. EVM: the first block where the wallet's balance is above zero, and in it the transaction paying it value (top-level), else the internal call paying it where the node serves call traces; without traces a wallet funded only by an internal transfer has no funding recorded. funderTag names the exchange or bridge of the funder from the shipped label set and FUNDER_TAGS.";

/** `GET /v1/wallet/funding` (1 credit): who first funded a wallet. */
export const getWalletFunding = defineEndpoint({
  method: "GET",
  path: "/v1/wallet/funding",
  summary: "Wallet funding",
  description: `${FUNDING_DESCRIPTION} Unknown funding: 404 NOT_FOUND.`,
  tags: ["wallets"],
  query: z.strictObject({
    chain: z.string().describe("chain id"),
    wallet: z.string().describe("wallet address (EVM hex is case-insensitive; Solana base58)"),
  }),
  response: walletFundingPageSchema,
  credits: { kind: "flat", amount: 1 },
  demo: true,
  async handler({ query, shards }) {
    const w = walletRoute(shards, query.chain, query.wallet);
    return { body: envelope(await w.shard.walletFunding({ chain: w.chain, wallet: w.wallet })) };
  },
});
