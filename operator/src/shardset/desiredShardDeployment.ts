import type { WorkloadSettings } from "../config.ts";
import type { ShardSet } from "../generated/crdTypes.ts";
import { controllerOwnerReference } from "../kube/controllerOwnerReference.ts";
import { ANNOTATIONS, commonLabels, LABELS } from "../kube/labels.ts";
import {
  CONTAINER_SECURITY_CONTEXT,
  containerResources,
  httpProbes,
  podDefaults,
  sharedEnv,
} from "../kube/podDefaults.ts";
import type { KubeObject } from "../kube/types.ts";
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
    metadata: {
      name: shardWorkloadName(setName, index),
      namespace: shardSet.metadata.namespace as string,
      labels: {
        ...commonLabels("query", setName),
        [LABELS.shardSet]: setName,
        [LABELS.shard]: String(index),
      },
      ...(retiredAtMs === undefined ? {} : { annotations: { [ANNOTATIONS.retiredAt]: String(retiredAtMs) } }),
      ownerReferences: [controllerOwnerReference(shardSet)],
    },
    spec: {
      replicas: spec.podsPerShard ?? 1,
      strategy: { type: "RollingUpdate", rollingUpdate: { maxUnavailable: 0, maxSurge: 1 } },
      selector: { matchLabels: selector },
      template: {
        metadata: { labels: { ...selector, [LABELS.partOf]: setName } },
        spec: {
          ...podDefaults(settings),
          containers: [
            {
              name: "query",
              image: settings.queryImage,
              imagePullPolicy: settings.imagePullPolicy,
              ports: [{ name: "http", containerPort: settings.port, protocol: "TCP" }],
              env: [
                { name: "SHARD_NAME", value: shardName(index) },
                { name: "SHARD_SET", value: setName },
                ...sharedEnv(settings),
              ],
              ...httpProbes(),
              ...containerResources(spec.resources),
              securityContext: CONTAINER_SECURITY_CONTEXT,
              volumeMounts: [{ name: "tmp", mountPath: "/tmp" }],
            },
          ],
          volumes: [{ name: "tmp", emptyDir: {} }],
        },
      },
    },
  };
}
