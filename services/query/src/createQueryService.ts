import type { FreshnessPolicy, QueryApi } from "@tapeline/core";
import { createMetaQueries } from "./createMetaQueries.ts";
import type { QueryDeps, QueryProvider } from "./QueryProvider.ts";

/** A shard's query service: the merged QueryApi, the names it serves, and its release. */
export type QueryService = {
  api: QueryApi;
  /** Method names served (what `POST /rpc/<method>` accepts). */
  methods: ReadonlySet<string>;
  close(): Promise<void>;
};

/**
 * Builds the query service of one shard: the meta queries over Postgres plus every extra
 * provider's methods (the market read API registers itself this way), merged into one QueryApi.
 * @throws Error when two providers define the same method.
 */
export async function createQueryService(
  deps: QueryDeps & {
    providers?: readonly QueryProvider[];
    /** When a chain's head counts as stale in `readiness()`. @defaultValue DEFAULT_FRESHNESS_POLICY */
    freshness?: FreshnessPolicy;
  },
): Promise<QueryService> {
  const { providers = [], freshness, ...shared } = deps;
  const api: Record<string, unknown> = {};
  const owner = new Map<string, string>();
  const closers: (() => Promise<void>)[] = [];

  const add = (name: string, methods: Partial<QueryApi>) => {
    for (const [method, fn] of Object.entries(methods)) {
      if (typeof fn !== "function") continue;
      const prior = owner.get(method);
      if (prior) throw new Error(`query method ${method} is defined by both ${prior} and ${name}`);
      owner.set(method, name);
      api[method] = fn;
    }
  };

  add("meta", createMetaQueries(shared.pool, freshness));
  try {
    for (const provider of providers) {
      const result = await provider.create(shared);
      if (result.close) closers.push(result.close);
      add(provider.name, result.methods);
    }
  } catch (err) {
    await closeAll(closers);
    throw err;
  }

  return {
    api: api as unknown as QueryApi,
    methods: new Set(owner.keys()),
    close: () => closeAll(closers),
  };
}

async function closeAll(closers: (() => Promise<void>)[]): Promise<void> {
  for (const close of closers.reverse()) await close();
}
