import { type ChainId, isEvm, type MarketEvent, subscribeMarketEvents } from "@tapeline/core";
import type { QueryProvider } from "../QueryProvider.ts";
import { createEvmHoldingsReader } from "./createEvmHoldingsReader.ts";
import { createEvmPoolReader } from "./createEvmPoolReader.ts";
import { createNodeRpc } from "./createNodeRpc.ts";
import {
  type ChainNode,
  createPortfolioQueries,
  type PortfolioQueriesOptions,
} from "./createPortfolioQueries.ts";
import { createSolanaHoldingsReader } from "./createSolanaHoldingsReader.ts";
import type { HoldingsNodeConfig } from "./parseHoldingsNodes.ts";

/** The node access of a configured chain: holdings (and pools on EVM) over one bounded JSON-RPC client. */
export function chainNodeOf(chain: ChainId, cfg: HoldingsNodeConfig): ChainNode {
  const rpc = createNodeRpc({ url: cfg.url });
  return isEvm(chain)
    ? {
        holdings: createEvmHoldingsReader({ rpc, multicall3: cfg.multicall3 }),
        pools: createEvmPoolReader(rpc),
      }
    : { holdings: createSolanaHoldingsReader({ rpc }), pools: null };
}

/**
 * The portfolio read API (wallet positions and closed positions) over the given chain nodes.
 * With a bus, a wallet's trades drop what is kept of it (holdings, closed-positions snapshot), so
 * a trade shows within the bus's delay rather than the holdings' time to live.
 */
export function createPortfolioProvider(
  opts: { nodes: ReadonlyMap<ChainId, ChainNode> } & Partial<Omit<PortfolioQueriesOptions, "db" | "nodeOf">>,
): QueryProvider {
  return {
    name: "portfolio",
    async create({ pool, bus, ctx, events }) {
      const { nodes, ...rest } = opts;
      const queries = createPortfolioQueries({
        ...rest,
        db: pool,
        nodeOf: (chain) => nodes.get(chain) ?? null,
      });
      const chains = [...nodes.keys()];
      const onTrade = (event: MarketEvent) => {
        if (event.type === "trade") queries.forget(event.chain, event.trade.maker);
      };
      // the shard's market event feed when it has one, else a subscription of its own
      if (events) events.onEvent(onTrade);
      const sub =
        !events && bus && chains.length > 0 ? await subscribeMarketEvents(bus, { chains }, onTrade) : null;
      if (events || sub) ctx.logger.info({ chains }, "portfolio follows trades to refresh holdings");
      const { forget: _, ...methods } = queries;
      return { methods, ...(sub ? { close: () => sub.close() } : {}) };
    },
  };
}

/** The portfolio provider of a query pod: the chains of `QueryDeps.holdingsNodes` (`HOLDINGS_NODES`). */
export const provider: QueryProvider = {
  name: "portfolio",
  create(deps) {
    const nodes = new Map(
      [...(deps.holdingsNodes ?? new Map())].map(([chain, cfg]) => [chain, chainNodeOf(chain, cfg)]),
    );
    return createPortfolioProvider({ nodes }).create(deps);
  },
};
