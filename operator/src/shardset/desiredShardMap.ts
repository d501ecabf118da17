import type { ShardMap } from "@tapeline/core";
import type { ShardSet } from "../generated/crdTypes.ts";
import { commonLabels, LABELS } from "../kube/labels.ts";
import { ownedMetadata } from "../kube/ownedMetadata.ts";
import type { KubeObject } from "../kube/types.ts";
import { SHARD_MAP_KEY, shardMapName } from "./shardNames.ts";

/** The ConfigMap publishing `map` (core's ShardMap as JSON under `shardmap.json`) for the router to watch. */
export function desiredShardMap(shardSet: ShardSet, map: ShardMap): KubeObject {
  const setName = shardSet.metadata.name as string;
  return {
    apiVersion: "v1",
    kind: "ConfigMap",
    metadata: ownedMetadata(shardSet, shardMapName(setName), {
      ...commonLabels("shard-map", setName),
      [LABELS.shardSet]: setName,
    }),
    data: { [SHARD_MAP_KEY]: JSON.stringify(map) },
  };
}
