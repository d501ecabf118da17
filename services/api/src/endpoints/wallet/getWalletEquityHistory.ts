import { envelope } from "@tapeline/core";
import { defineEndpoint } from "../../endpoint.ts";
import { walletEquityQuery, walletEquityRange } from "./walletEquityParams.ts";
import { walletEquitySchema } from "./walletEquitySchema.ts";
import { walletRoute } from "./walletRoute.ts";

/** `GET /v1/wallet/equity/history` (1 credit: one chain per call): a wallet's value over time. */
export const getWalletEquityHistory = defineEndpoint({
  method: "GET",
  path: "/v1/wallet/equity/history",
  summary: "Wallet equity history",
  description:
    "A wallet's value in USD over time on one chain, from its recorded balance changes (EVM: the Transfer logs of every token with a market, and wrapped native deposits and withdrawals; Solana: every transaction's token balances of every token with a market). The value at a point is the wallet's balances at the end of that minute, each token valued at the close of its main pool's last trade up to then (in native) times that minute's native/USD rate (the latest stored within the hour before); USD stablecoins at face value, wrapped SOL as SOL. A held token of unknown price is left out of the value and listed in meta.unvaluedTokens, never counted as zero. The native coin: on Solana the wallet's own SOL from its logged lamports once known (meta.nativeKnownFrom, meta.nativeIncluded); not on EVM. Not counted: balances that move without a log (rebasing tokens), tokens without a market of their own (a token only ever quoted, such as a stablecoin, is not tracked), and on Solana a token before the first transaction that moved it after its tracking began. from defaults to 24 hours before to; to defaults to now; both are rounded down to the minute, and the range is at most 366 days. The points end at to and step back by meta.intervalMs, the finest of 1 min, 5 min, 15 min, 1 h, 4 h and 1 d that keeps at most 500 points (24 hours: every 5 minutes). Times in unix milliseconds; a value in seconds gives 400. 1 credit per call (one chain queried).",
  tags: ["wallets"],
  query: walletEquityQuery,
  response: walletEquitySchema,
  credits: { kind: "flat", amount: 1 },
  demo: true,
  async handler({ query, shards }) {
    const w = walletRoute(shards, query.chain, query.wallet);
    const range = walletEquityRange(query, Date.now());
    const h = await w.shard.walletEquityHistory({ chain: w.chain, wallet: w.wallet, ...range });
    return {
      body: envelope(
        { currentValueUsd: h.currentValueUsd, points: h.points },
        {
          from: range.from,
          to: range.to,
          intervalMs: range.stepMs,
          unvaluedTokens: h.unvaluedTokens,
          partialPoints: h.partialPoints,
          nativeIncluded: h.nativeIncluded,
          nativeKnownFrom: h.nativeKnownFrom,
        },
        h.asOf,
      ),
    };
  },
});
