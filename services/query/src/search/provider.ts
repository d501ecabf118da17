import type { QueryProvider } from "../QueryProvider.ts";
import { createSearchQueries } from "./createSearchQueries.ts";

/** Adds token and market search to every shard (each shard keeps its own text index). */
export const provider: QueryProvider = {
  name: "search",
  create({ pool }) {
    const queries = createSearchQueries({ db: pool });
    return {
      methods: { search: (q) => queries.search(q) },
      close: async () => queries.close(),
    };
  },
};
