import type { ShardMap } from "@tapeline/core";
import type { WorkloadSettings } from "../config.ts";
import type { ShardSet } from "../generated/crdTypes.ts";
import type { KubeObject } from "../kube/types.ts";
import { desiredShardDeployment } from "./desiredShardDeployment.ts";
import { desiredShardMap } from "./desiredShardMap.ts";
import { desiredShardService, shardUrl } from "./desiredShardService.ts";
import { mappedShardIndices, nextShardMap } from "./nextShardMap.ts";
import { shardName, shardWorkloadName } from "./shardNames.ts";

/** One shard as found in the cluster. */
export type LiveShard = {
  index: number;
  /** Whether its Deployment exists, and whether it has an available pod. */
  deployment: boolean;
  available: boolean;
  /** Whether its Service exists. */
  service: boolean;
  /** When it left the shard map (unix ms), or null while it is wanted. */
  retiredAtMs: number | null;
};

/** What a pass must do for a ShardSet. */
export type ShardSetPlan = {
  /** Objects to server-side apply: every wanted shard's Deployment and Service, retiring marks, the shard map. */
  apply: KubeObject[];
  /** Objects to delete: the workloads of retired shards whose drain period is over. */
  remove: { kind: "Deployment" | "Service"; name: string }[];
  /** The shard map to publish. */
  map: ShardMap;
  /** Indices of the shards in `map`, ascending. */
  mapped: number[];
  /** When to look again (new shards becoming available, retired shards draining). */
  requeueAfterMs?: number;
};

const POLL_MS = 10_000;

/**
 * Plans a ShardSet pass. Shards `0..replicas-1` are wanted. The shard map changes so that no request
 * is dropped: a new shard joins the map (taking the partitions rendezvous hashing gives it) only once
 * its Deployment has an available pod; a shard leaving the map keeps running for `drainMs` (so routers
 * that have not seen the new map yet still reach it) and is deleted afterwards. A first map lists every
 * wanted shard. The map's version increases exactly when its shard list changes.
 */
export function planShardSet(input: {
  shardSet: ShardSet;
  settings: WorkloadSettings;
  live: readonly LiveShard[];
  liveMap: ShardMap | null;
  nowMs: number;
  drainMs: number;
}): ShardSetPlan {
  const { shardSet, settings, live, liveMap, nowMs, drainMs } = input;
  const n = shardSet.spec.replicas;
  const byIndex = new Map(live.map((s) => [s.index, s]));
  const wanted = Array.from({ length: n }, (_, i) => i);
  const mapped = mappedShardIndices({
    replicas: n,
    liveMap,
    available: (i) => byIndex.get(i)?.available === true,
  });
  const map = nextShardMap({
    liveMap,
    shards: mapped.map((i) => ({ name: shardName(i), url: shardUrl(shardSet, i, settings) })),
    partitions: shardSet.spec.partitions ?? 4096,
  });

  const apply: KubeObject[] = [];
  for (const i of wanted) {
    apply.push(desiredShardDeployment(shardSet, i, settings), desiredShardService(shardSet, i, settings));
  }
  apply.push(desiredShardMap(shardSet, map));

  const remove: ShardSetPlan["remove"] = [];
  let requeueAfterMs = mapped.length < n ? POLL_MS : undefined;
  const later = (ms: number) => {
    requeueAfterMs = requeueAfterMs === undefined ? ms : Math.min(requeueAfterMs, ms);
  };
  const setName = shardSet.metadata.name as string;
  for (const shard of [...live].sort((a, b) => a.index - b.index)) {
    if (shard.index < n) continue;
    const retiredAt = shard.retiredAtMs ?? nowMs;
    const left = retiredAt + drainMs - nowMs;
    if (left <= 0) {
      if (shard.deployment)
        remove.push({ kind: "Deployment", name: shardWorkloadName(setName, shard.index) });
      if (shard.service) remove.push({ kind: "Service", name: shardWorkloadName(setName, shard.index) });
      continue;
    }
    if (shard.retiredAtMs === null && shard.deployment) {
      apply.push(desiredShardDeployment(shardSet, shard.index, settings, retiredAt));
    }
    later(left);
  }
  return { apply, remove, map, mapped, ...(requeueAfterMs === undefined ? {} : { requeueAfterMs }) };
}
