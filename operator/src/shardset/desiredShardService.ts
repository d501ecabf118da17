import type { WorkloadSettings } from "../config.ts";
import type { ShardSet } from "../generated/crdTypes.ts";
import { controllerOwnerReference } from "../kube/controllerOwnerReference.ts";
import { commonLabels, LABELS } from "../kube/labels.ts";
import type { KubeObject } from "../kube/types.ts";
import { shardSelector, shardWorkloadName } from "./shardNames.ts";

/** The ClusterIP Service of shard `index`, the address the shard map gives the router. */
export function desiredShardService(
  shardSet: ShardSet,
  index: number,
  settings: WorkloadSettings,
): KubeObject {
  const setName = shardSet.metadata.name as string;
  return {
    apiVersion: "v1",
    kind: "Service",
    metadata: {
      name: shardWorkloadName(setName, index),
      namespace: shardSet.metadata.namespace as string,
      labels: {
        ...commonLabels("query", setName),
        [LABELS.shardSet]: setName,
        [LABELS.shard]: String(index),
      },
      ownerReferences: [controllerOwnerReference(shardSet)],
    },
    spec: {
      type: "ClusterIP",
      selector: shardSelector(setName, index),
      ports: [{ name: "http", port: settings.port, targetPort: "http", protocol: "TCP" }],
    },
  };
}

/** The in-cluster URL of shard `index`. */
export function shardUrl(shardSet: ShardSet, index: number, settings: WorkloadSettings): string {
  return `http://${shardWorkloadName(shardSet.metadata.name as string, index)}.${shardSet.metadata.namespace}.svc:${settings.port}`;
}
