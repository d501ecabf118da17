import {
  type ChainId,
  closedPositionOrder,
  envelope,
  InvalidParamError,
  isEvm,
  isSolanaAddress,
  parseChainId,
  parseWalletAddress,
  type WalletClosedPositionRow,
  walletKey,
} from "@tapeline/core";
import { defineEndpoint } from "../../endpoint.ts";
import { parsePortfolioTokens, walletClosedPositionsQuery } from "./portfolioParams.ts";
import { walletClosedPositionsPageSchema } from "./portfolioSchemas.ts";

/** `GET /v1/wallet/closed-positions` (2 credits): tokens a wallet bought and sold out of. */
export const getWalletClosedPositions = defineEndpoint({
  method: "GET",
  path: "/v1/wallet/closed-positions",
  summary: "Wallet closed positions",
  description:
    "Every token the wallet bought and whose bag its sells emptied, with the whole history's totals and realized PnL (average cost; tokens sold beyond what was bought realize nothing). A token bought back later is an open position again and its realized PnL moves there (GET /v1/wallet/positions), so it is counted once. USD at the SOL price of each trade on Solana, at the current native price on EVM. Without chain, every EVM chain the deployment indexes is merged (a Solana wallet needs chain=solana). Pages are cut from a snapshot kept a minute (meta.asOf), so offsets within it never skip or repeat a row.",
  tags: ["wallets"],
  query: walletClosedPositionsQuery,
  response: walletClosedPositionsPageSchema,
  credits: { kind: "flat", amount: 2 },
  demo: true,
  async handler({ query, shards }) {
    let chains: ChainId[];
    if (query.chain !== undefined) chains = [parseChainId(query.chain, "chain")];
    else {
      if (isSolanaAddress(query.wallet))
        throw new InvalidParamError("chain", "chain is required for a Solana wallet (chain=solana)");
      parseWalletAddress("evm:1", query.wallet, "wallet");
      chains = (await shards.any().listChains()).filter((c) => isEvm(c.chain)).map((c) => c.chain);
    }
    const take = query.offset + query.limit + 1;
    const lists = await Promise.all(
      chains.map((chain) => {
        const wallet = parseWalletAddress(chain, query.wallet, "wallet");
        return shards.forKey(walletKey(chain, wallet)).walletClosedPositions({
          chain,
          wallet,
          tokens: parsePortfolioTokens(chain, query.tokens),
          sort: query.sort,
          take,
        });
      }),
    );
    const merged: WalletClosedPositionRow[] = lists
      .flatMap((l) => l.data)
      .sort(closedPositionOrder(query.sort));
    const rows = merged.slice(query.offset, query.offset + query.limit);
    const asOf = lists.length === 0 ? Date.now() : Math.min(...lists.map((l) => l.asOf));
    return {
      body: envelope(
        rows,
        { hasMore: merged.length > query.offset + query.limit, oldestAt: rows.at(-1)?.lastTradeAt ?? null },
        asOf,
      ),
    };
  },
});
