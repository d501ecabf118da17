import type { V1OwnerReference } from "@kubernetes/client-node";
import type { KubeObject } from "./types.ts";

/**
 * The controller owner reference pointing at `owner`: garbage collection deletes the child with its owner,
 * and `blockOwnerDeletion` keeps foreground deletion of the owner waiting for it.
 */
export function controllerOwnerReference(
  owner: Pick<KubeObject, "apiVersion" | "kind" | "metadata">,
): V1OwnerReference {
  const { name, uid } = owner.metadata;
  if (!name || !uid) throw new TypeError(`${owner.kind} has no name or uid yet`);
  return {
    apiVersion: owner.apiVersion,
    kind: owner.kind,
    name,
    uid,
    controller: true,
    blockOwnerDeletion: true,
  };
}
