import { commonLabels, LABELS } from "../kube/labels.ts";

/** Labels of shard `index`'s Deployment and Service: its set and its index. */
export function shardLabels(setName: string, index: number): Record<string, string> {
  return { ...commonLabels("query", setName), [LABELS.shardSet]: setName, [LABELS.shard]: String(index) };
}
