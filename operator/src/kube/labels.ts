/** Label and annotation keys the operator sets on what it creates. */
export const LABELS = {
  name: "app.kubernetes.io/name",
  component: "app.kubernetes.io/component",
  managedBy: "app.kubernetes.io/managed-by",
  partOf: "app.kubernetes.io/part-of",
  chain: "tapeline.dev/chain",
  shardSet: "tapeline.dev/shardset",
  shard: "tapeline.dev/shard",
} as const;

export const ANNOTATIONS = {
  /** Hash of the desired object last applied; a differing hash means a field may have been removed. */
  appliedHash: "tapeline.dev/applied-hash",
  /** When a shard left the shard map (unix ms); its workload is deleted after the drain period. */
  retiredAt: "tapeline.dev/retired-at",
} as const;

/** The field manager name of every server-side apply and update the operator makes. */
export const FIELD_MANAGER = "tapeline-operator";

/** The finalizer that holds a Chain until its backfill work is cancelled. */
export const CHAIN_FINALIZER = "tapeline.dev/backfill-cleanup";

/** Labels common to every object the operator manages. */
export function commonLabels(component: string, name: string): Record<string, string> {
  return {
    [LABELS.name]: "tapeline",
    [LABELS.component]: component,
    [LABELS.managedBy]: FIELD_MANAGER,
    [LABELS.partOf]: name,
  };
}
