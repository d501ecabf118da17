import type { WorkloadSettings } from "../config.ts";
import type { ShardSet } from "../generated/crdTypes.ts";
import { ANNOTATIONS, LABELS } from "../kube/labels.ts";
import { ownedMetadata } from "../kube/ownedMetadata.ts";
import type { KubeObject } from "../kube/types.ts";
import { workloadPodSpec } from "../kube/workloadPodSpec.ts";
import { shardLabels } from "./shardLabels.ts";
import { SHARD_MAP_KEY, shardMapName, shardName, shardSelector, shardWorkloadName } from "./shardNames.ts";

const SHARD_MAP_DIR = "/etc/tapeline/shard-map";

/**
 * The query Deployment of shard `index`. Rolling updates never take the shard's last pod down
 * (maxUnavailable 0). `retiredAtMs` marks a shard that has left the shard map and is draining.
 * The pod gets its identity (SHARD_NAME, SHARD_SET), the shared connection settings and the shard
 * map (the ShardSet's ConfigMap, mounted as the router mounts it, SHARD_MAP_PATH): the variables
 * the query pod reads (services/query/src/loadQueryConfig.ts). The map tells the shard which keys
 * it keeps hot from the market event bus.
 */
export function desiredShardDeployment(
  shardSet: ShardSet,
  index: number,
  settings: WorkloadSettings,
  retiredAtMs?: number,
): KubeObject {
  const setName = shardSet.metadata.name as string;
  const selector = shardSelector(setName, index);
  const { spec } = shardSet;
  return {
    apiVersion: "apps/v1",
    kind: "Deployment",
    metadata: ownedMetadata(
      shardSet,
      shardWorkloadName(setName, index),
      shardLabels(setName, index),
      retiredAtMs === undefined ? undefined : { [ANNOTATIONS.retiredAt]: String(retiredAtMs) },
    ),
    spec: {
      replicas: spec.podsPerShard ?? 1,
      strategy: { type: "RollingUpdate", rollingUpdate: { maxUnavailable: 0, maxSurge: 1 } },
      selector: { matchLabels: selector },
      template: {
        metadata: { labels: { ...selector, [LABELS.partOf]: setName } },
        spec: workloadPodSpec(settings, {
          name: "query",
          image: settings.queryImage,
          env: [
            { name: "SHARD_NAME", value: shardName(index) },
            { name: "SHARD_SET", value: setName },
            { name: "SHARD_MAP_PATH", value: `${SHARD_MAP_DIR}/${SHARD_MAP_KEY}` },
          ],
          configMaps: [{ volume: "shard-map", configMap: shardMapName(setName), mountPath: SHARD_MAP_DIR }],
          resources: spec.resources,
        }),
      },
    },
  };
}
