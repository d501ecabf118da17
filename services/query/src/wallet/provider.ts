import type { QueryProvider } from "../QueryProvider.ts";
import { createWalletQueries } from "./createWalletQueries.ts";

/** Adds the wallet read API (wallet swaps and trades) to every shard. */
export const provider: QueryProvider = {
  name: "wallet",
  create({ pool }) {
    const methods = createWalletQueries({ db: pool });
    return { methods: { ...methods } };
  },
};
