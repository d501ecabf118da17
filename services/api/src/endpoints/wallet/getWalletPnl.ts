import { envelope } from "@tapeline/core";
import { defineEndpoint } from "../../endpoint.ts";
import { walletPnlDays, walletPnlQuery } from "./walletPnlParams.ts";
import { walletPnlSchema } from "./walletPnlSchema.ts";
import { walletRoute } from "./walletRoute.ts";

/** `GET /v1/wallet/pnl` (1 credit): a wallet's daily PnL curve and its summary. */
export const getWalletPnl = defineEndpoint({
  method: "GET",
  path: "/v1/wallet/pnl",
  summary: "Wallet PnL curve",
  description:
    "A wallet's daily PnL over UTC days from from to to (at most 366 days; default the last 30): per day the PnL its sells realized and the unrealized PnL of its open bags at the day's close, with the same average-cost rules as positions and closed positions (bags reset by a full exit; tokens sold beyond what was bought realize nothing; the native coin traded as a pool's base carries none). A bag is valued at its token's main pool close of the day (the last trade on or before it, in native) without price impact, unlike positions' amountUsd. The summary sums the days' realized PnL, takes the last day's unrealized, and counts wins and losses per token over the days (win rate). usdBasis as on positions: spot on EVM, trade on Solana. Times in unix milliseconds; a value in seconds gives 400.",
  tags: ["wallets"],
  query: walletPnlQuery,
  response: walletPnlSchema,
  credits: { kind: "flat", amount: 1 },
  demo: true,
  async handler({ query, shards }) {
    const w = walletRoute(shards, query.chain, query.wallet);
    const { fromDay, toDay } = walletPnlDays(query, Date.now());
    const pnl = await w.shard.walletPnl({ chain: w.chain, wallet: w.wallet, fromDay, toDay });
    return {
      body: envelope(
        { summary: pnl.summary, days: pnl.days },
        { usdBasis: pnl.usdBasis, from: fromDay, to: toDay },
        pnl.asOf,
      ),
    };
  },
});
