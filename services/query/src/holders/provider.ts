import { lockerList } from "../lockers/lockerList.ts";
import { createNodeRpc } from "../portfolio/createNodeRpc.ts";
import type { QueryProvider } from "../QueryProvider.ts";
import { createHolderQueries } from "./createHolderQueries.ts";

/** Adds the token holders read to every shard; EVM contract holders are judged on `HOLDINGS_NODES`. */
export const provider: QueryProvider = {
  name: "holders",
  create({ pool, holdingsNodes, lockers }) {
    const nodes = new Map(
      [...(holdingsNodes ?? new Map())].map(([chain, cfg]) => [chain, createNodeRpc({ url: cfg.url })]),
    );
    return {
      methods: {
        ...createHolderQueries({
          db: pool,
          nodeOf: (chain) => nodes.get(chain) ?? null,
          lockers: lockerList(lockers),
        }),
      },
    };
  },
};
