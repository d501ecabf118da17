import type { V1ObjectMeta } from "@kubernetes/client-node";

/** Any Kubernetes object, as the generic client reads and writes it. */
export type KubeObject = {
  apiVersion: string;
  kind: string;
  metadata: V1ObjectMeta;
  [field: string]: unknown;
};

/** A Kubernetes condition (the shape of `status.conditions[]`). */
export type Condition = {
  type: string;
  status: "True" | "False" | "Unknown";
  observedGeneration?: number;
  lastTransitionTime: string;
  reason: string;
  message: string;
};

/** What a reconcile pass asks of the controller: come back after this many ms (level-triggered wait). */
export type ReconcileResult = { requeueAfterMs?: number };
