import { createCreatorProfiles } from "../identity/createCreatorProfiles.ts";
import { shardProfileQueries } from "../identity/provider.ts";
import type { QueryProvider } from "../QueryProvider.ts";
import { createPulseQueries } from "./createPulseQueries.ts";

/** Adds the launchpad lifecycle views to every shard, creators' profiles from the shard's wallet profile read. */
export const provider: QueryProvider = {
  name: "pulse",
  create(deps) {
    const creatorProfiles = createCreatorProfiles({ profiles: shardProfileQueries(deps) });
    return { methods: { ...createPulseQueries({ db: deps.pool, creatorProfiles }) } };
  },
};
