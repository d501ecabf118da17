import { LABELS } from "../kube/labels.ts";

/** The shard's name in the shard map; the rendezvous hash is over these names, so they never change. */
export function shardName(index: number): string {
  return `shard-${index}`;
}

/** Name of shard `index`'s Deployment and Service. */
export function shardWorkloadName(shardSetName: string, index: number): string {
  return `${shardSetName}-shard-${index}`;
}

/** Name of the ConfigMap holding a ShardSet's shard map. */
export function shardMapName(shardSetName: string): string {
  return `${shardSetName}-shard-map`;
}

/** The ConfigMap key the shard map (JSON, core's ShardMap) is stored under. */
export const SHARD_MAP_KEY = "shardmap.json";

/** Labels selecting every pod of a ShardSet. */
export function shardSetSelector(shardSetName: string): Record<string, string> {
  return { [LABELS.name]: "tapeline", [LABELS.component]: "query", [LABELS.shardSet]: shardSetName };
}

/** Labels selecting the pods of one shard. */
export function shardSelector(shardSetName: string, index: number): Record<string, string> {
  return { ...shardSetSelector(shardSetName), [LABELS.shard]: String(index) };
}

/** A label selector as a string (`a=b,c=d`), the form the scale subresource reports. */
export function selectorString(labels: Record<string, string>): string {
  return Object.entries(labels)
    .map(([k, v]) => `${k}=${v}`)
    .join(",");
}
