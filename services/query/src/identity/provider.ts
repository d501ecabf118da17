import type { ChainId, ProfileQueries } from "@tapeline/core";
import { createNodeRpc } from "../portfolio/createNodeRpc.ts";
import type { QueryDeps, QueryProvider } from "../QueryProvider.ts";
import { BASENAMES_BASE, createEnsReverseResolver, ENS_MAINNET } from "./createEnsReverseResolver.ts";
import { createJsonIdentitySource } from "./createJsonIdentitySource.ts";
import { createProfileQueries, type ProfileQueriesOptions } from "./createProfileQueries.ts";
import { createSnsResolver } from "./createSnsResolver.ts";
import type { NameResolver } from "./NameResolver.ts";

/** The wallet profile read API over the given resolvers and identity sources. */
export function createProfileProvider(opts: Omit<ProfileQueriesOptions, "db">): QueryProvider {
  return {
    name: "identity",
    create({ pool }) {
      return { methods: createProfileQueries({ ...opts, db: pool }) };
    },
  };
}

const shardProfiles = new WeakMap<QueryDeps, ProfileQueries>();

/**
 * The wallet profile read of a query pod's shard, built once and shared by the providers that
 * show profiles (the profile endpoints, pulse creators), so they share one name cache: ENS
 * through the `evm:1` node of `HOLDINGS_NODES`, Basenames through `evm:8453`, SNS through
 * `solana` (a resolver without its node is off), and the identity records of `IDENTITY_FILE`
 * when set.
 */
export function shardProfileQueries(deps: QueryDeps): ProfileQueries {
  const known = shardProfiles.get(deps);
  if (known) return known;
  const nodeOf = (chain: ChainId) => {
    const cfg = deps.holdingsNodes?.get(chain);
    return cfg ? createNodeRpc({ url: cfg.url }) : null;
  };
  const resolvers: NameResolver[] = [];
  const eth = nodeOf("evm:1" as ChainId);
  if (eth) resolvers.push(createEnsReverseResolver({ kind: "ens", node: eth, ...ENS_MAINNET }));
  const base = nodeOf("evm:8453" as ChainId);
  if (base) resolvers.push(createEnsReverseResolver({ kind: "basename", node: base, ...BASENAMES_BASE }));
  const sol = nodeOf("solana" as ChainId);
  if (sol) resolvers.push(createSnsResolver(sol));
  const sources = deps.identityFile ? [createJsonIdentitySource(deps.identityFile)] : [];
  const profiles = createProfileQueries({ resolvers, sources, db: deps.pool });
  shardProfiles.set(deps, profiles);
  return profiles;
}

/** The profile provider of a query pod (see `shardProfileQueries`). */
export const provider: QueryProvider = {
  name: "identity",
  create(deps) {
    return { methods: shardProfileQueries(deps) };
  },
};
