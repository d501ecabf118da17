import type { ChainId } from "@tapeline/core";
import { lockerList } from "../lockers/lockerList.ts";
import { createNodeRpc, type NodeRpc } from "../portfolio/createNodeRpc.ts";
import type { QueryProvider } from "../QueryProvider.ts";
import { createSecurityQueries, type SecurityQueriesOptions } from "./createSecurityQueries.ts";
import { createTokenMetadataQueries } from "./createTokenMetadataQueries.ts";

/** The token security read API over the given chain nodes, and the token metadata read. */
export function createSecurityProvider(
  opts: { nodes: ReadonlyMap<ChainId, NodeRpc> } & Partial<Omit<SecurityQueriesOptions, "db" | "nodeOf">>,
): QueryProvider {
  return {
    name: "security",
    create({ pool }) {
      const { nodes, ...rest } = opts;
      return {
        methods: {
          ...createSecurityQueries({ ...rest, db: pool, nodeOf: (chain) => nodes.get(chain) ?? null }),
          ...createTokenMetadataQueries(pool),
        },
      };
    },
  };
}

/** The security provider of a query pod: reads the chains of `QueryDeps.holdingsNodes` (`HOLDINGS_NODES`). */
export const provider: QueryProvider = {
  name: "security",
  create(deps) {
    const nodes = new Map(
      [...(deps.holdingsNodes ?? new Map())].map(([chain, cfg]) => [chain, createNodeRpc({ url: cfg.url })]),
    );
    return createSecurityProvider({ nodes, lockers: lockerList(deps.lockers) }).create(deps);
  },
};
