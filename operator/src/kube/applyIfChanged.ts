import type { KubeClient } from "./createKubeClient.ts";
import { isSubset } from "./isSubset.ts";
import { ANNOTATIONS } from "./labels.ts";
import { objectHash } from "./objectHash.ts";
import type { KubeObject } from "./types.ts";

/**
 * Server-side applies `desired` unless the live object already holds it: the live object carries the
 * hash of the same desired object (nothing was removed from it) and every desired field has its value
 * (nobody changed it). So a pass over an unchanged world makes no write.
 * @param live the live object when the caller already has it (undefined: read it; null: known absent).
 * @returns the live or applied object and whether a write was made.
 */
export async function applyIfChanged<T extends KubeObject>(
  client: KubeClient,
  desired: KubeObject,
  live?: KubeObject | null,
): Promise<{ object: T; wrote: boolean }> {
  const hash = objectHash(desired);
  const stamped: KubeObject = {
    ...desired,
    metadata: {
      ...desired.metadata,
      annotations: { ...desired.metadata.annotations, [ANNOTATIONS.appliedHash]: hash },
    },
  };
  const current =
    live !== undefined
      ? live
      : await client.get({
          apiVersion: desired.apiVersion,
          kind: desired.kind,
          namespace: desired.metadata.namespace as string,
          name: desired.metadata.name as string,
        });
  if (
    current &&
    current.metadata.annotations?.[ANNOTATIONS.appliedHash] === hash &&
    isSubset(stamped, current)
  ) {
    return { object: current as T, wrote: false };
  }
  return { object: await client.apply<T>(stamped), wrote: true };
}
