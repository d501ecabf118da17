import type { WorkloadSettings } from "../config.ts";
import type { ShardSet } from "../generated/crdTypes.ts";
import { ANNOTATIONS, LABELS } from "../kube/labels.ts";
import { ownedMetadata } from "../kube/ownedMetadata.ts";
import type { KubeObject } from "../kube/types.ts";
import { workloadPodSpec } from "../kube/workloadPodSpec.ts";
import { shardLabels } from "./shardLabels.ts";
import { shardName, shardSelector, shardWorkloadName } from "./shardNames.ts";

/**
 * The query Deployment of shard `index`. Rolling updates never take the shard's last pod down
 * (maxUnavailable 0). `retiredAtMs` marks a shard that has left the shard map and is draining.
 * The pod gets its identity (SHARD_NAME, SHARD_SET) and the shared connection settings, the
 * variables the query pod reads (services/query/src/loadQueryConfig.ts); the shard map is the router's.
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
          ],
          resources: spec.resources,
        }),
      },
    },
  };
}
