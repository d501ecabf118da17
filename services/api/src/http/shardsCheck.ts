import type { ChainReadiness, DependencyCheck } from "@tapeline/core";
import { Gauge, type Registry } from "prom-client";
import type { ShardClient } from "../shardClient.ts";

/** The `shards` dependency and the chain readiness its last successful check read. */
export type ShardsCheck = DependencyCheck & {
  /** Each chain's readiness from the last shard that answered (empty before the first answer). */
  chains(): ChainReadiness[];
};

/**
 * The query shards as one dependency: up while at least one shard answers `readiness()` (shards
 * read one shared store, so any answering shard reports every chain). Each answer refreshes the
 * chain figures and the gauges `chain_fresh{chain}` (1 fresh, 0 stale), `chain_head_age_seconds`
 * and `chain_lag_seconds` on `registry`.
 */
export function shardsCheck(shards: ShardClient, registry?: Registry): ShardsCheck {
  let chains: ChainReadiness[] = [];
  const gauge = (name: string, help: string): Gauge<"chain"> | null =>
    registry
      ? ((registry.getSingleMetric(name) as Gauge<"chain"> | undefined) ??
        new Gauge({ name, help, labelNames: ["chain"], registers: [registry] }))
      : null;
  const fresh = gauge(
    "chain_fresh",
    "Whether the chain's head moved within its freshness window (1) or not (0)",
  );
  const age = gauge("chain_head_age_seconds", "Seconds since the ingest last wrote a new head of the chain");
  const lag = gauge("chain_lag_seconds", "Chain time between the head and the last indexed block");
  return {
    name: "shards",
    async check() {
      chains = await Promise.any(shards.all().map((s) => s.readiness()));
      for (const c of chains) {
        const labels = { chain: c.chain };
        if (c.fresh !== null) fresh?.set(labels, c.fresh ? 1 : 0);
        if (c.headAgeMs !== null) age?.set(labels, c.headAgeMs / 1000);
        if (c.lagMs !== null) lag?.set(labels, c.lagMs / 1000);
      }
    },
    chains: () => chains,
  };
}
