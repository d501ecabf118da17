import type { QueryProvider } from "../QueryProvider.ts";
import { createPulseQueries } from "./createPulseQueries.ts";

/** Adds the launchpad lifecycle views to every shard. */
export const provider: QueryProvider = {
  name: "pulse",
  create({ pool }) {
    return { methods: { ...createPulseQueries({ db: pool }) } };
  },
};
