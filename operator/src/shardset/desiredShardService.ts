import type { WorkloadSettings } from "../config.ts";
import type { ShardSet } from "../generated/crdTypes.ts";
import { httpClusterIpService } from "../kube/httpClusterIpService.ts";
import { ownedMetadata } from "../kube/ownedMetadata.ts";
import type { KubeObject } from "../kube/types.ts";
import { shardLabels } from "./shardLabels.ts";
import { shardSelector, shardWorkloadName } from "./shardNames.ts";

/** The ClusterIP Service of shard `index`, the address the shard map gives the router. */
export function desiredShardService(
  shardSet: ShardSet,
  index: number,
  settings: WorkloadSettings,
): KubeObject {
  const setName = shardSet.metadata.name as string;
  return httpClusterIpService(
    ownedMetadata(shardSet, shardWorkloadName(setName, index), shardLabels(setName, index)),
    shardSelector(setName, index),
    settings,
  );
}

/** The in-cluster URL of shard `index`. */
export function shardUrl(shardSet: ShardSet, index: number, settings: WorkloadSettings): string {
  return `http://${shardWorkloadName(shardSet.metadata.name as string, index)}.${shardSet.metadata.namespace}.svc:${settings.port}`;
}
