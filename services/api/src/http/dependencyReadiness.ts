import type { DependencyMonitor } from "@tapeline/core";
import type { ReadinessCheck } from "./readiness.ts";
import type { ShardsCheck } from "./shardsCheck.ts";

/**
 * Readiness of a router from its dependency monitor: it serves while every dependency the
 * monitor watches (Redis, the gate's Postgres, at least one query shard) answers, and not once
 * shutdown began. Each chain's freshness is reported (`fresh`, `headAgeMs`, `reason`) but a stale
 * chain does not take the router out of service: the other chains are still served, and every
 * router of the deployment would see the same stale chain at once.
 */
export function dependencyReadiness(
  monitor: DependencyMonitor,
  shards: Pick<ShardsCheck, "chains">,
  opts: { draining?: AbortSignal } = {},
): ReadinessCheck {
  return async () => {
    const dependencies = monitor.status();
    const chains = shards.chains();
    if (opts.draining?.aborted) return { serving: false, chains, dependencies, reason: "shutting down" };
    const down = dependencies.filter((d) => !d.up).map((d) => `${d.name}: ${d.error ?? "down"}`);
    return down.length > 0
      ? { serving: false, chains, dependencies, reason: `dependency down (${down.join("; ")})` }
      : { serving: true, chains, dependencies };
  };
}
