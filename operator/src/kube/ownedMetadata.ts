import type { V1ObjectMeta } from "@kubernetes/client-node";
import { controllerOwnerReference } from "./controllerOwnerReference.ts";
import type { KubeObject } from "./types.ts";

/**
 * Metadata of an object the operator creates for `owner`: in the owner's namespace, with the
 * given labels (and annotations when any), and owned by it so that it is deleted with it.
 */
export function ownedMetadata(
  owner: Pick<KubeObject, "apiVersion" | "kind" | "metadata">,
  name: string,
  labels: Record<string, string>,
  annotations?: Record<string, string>,
): V1ObjectMeta {
  return {
    name,
    namespace: owner.metadata.namespace as string,
    labels,
    ...(annotations === undefined ? {} : { annotations }),
    ownerReferences: [controllerOwnerReference(owner)],
  };
}
