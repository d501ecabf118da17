import type { ShardSet, ShardSetStatus } from "../generated/crdTypes.ts";
import { setCondition } from "../kube/setCondition.ts";
import type { Condition } from "../kube/types.ts";
import type { LiveShard } from "./planShardSet.ts";
import { selectorString, shardMapName, shardSetSelector } from "./shardNames.ts";

/**
 * The status of a ShardSet after a pass. `replicas` counts the shards in the published map (the scale
 * subresource's current count) and `selector` selects every shard pod, so an HPA can target the ShardSet.
 * Ready: every wanted shard is mapped and available. Degraded: a mapped shard has no available pod.
 * @param mapped indices of the shards in the published map; `migrated` false means workloads wait.
 */
export function nextShardSetStatus(
  shardSet: ShardSet,
  seen: { migrated: boolean; mapped: readonly number[]; live: readonly LiveShard[] },
  now: string,
): ShardSetStatus {
  const setName = shardSet.metadata.name as string;
  const generation = shardSet.metadata.generation ?? 0;
  const n = shardSet.spec.replicas;
  const available = new Set(seen.live.filter((s) => s.available).map((s) => s.index));
  const availableMapped = seen.mapped.filter((i) => available.has(i));
  const down = seen.mapped.filter((i) => !available.has(i));
  let conditions = (shardSet.status?.conditions ?? []) as Condition[];
  const set = (type: string, ok: boolean, reason: string, message: string) => {
    conditions = setCondition(
      conditions,
      { type, status: ok ? "True" : "False", observedGeneration: generation, reason, message },
      now,
    );
  };

  if (!seen.migrated) {
    set("Ready", false, "MigrationsPending", "waiting for the database migrations Job");
    set("Degraded", false, "AsExpected", "no shard runs yet");
  } else {
    const ready = seen.mapped.length === n && availableMapped.length === n;
    const reason = ready ? "AllShardsAvailable" : seen.mapped.length !== n ? "Scaling" : "ShardsStarting";
    set("Ready", ready, reason, `${availableMapped.length} of ${n} shards mapped and available`);
    if (down.length > 0)
      set(
        "Degraded",
        true,
        "ShardsUnavailable",
        `mapped shards without an available pod: ${down.join(", ")}`,
      );
    else set("Degraded", false, "AsExpected", "every mapped shard is available");
  }
  return {
    observedGeneration: generation,
    replicas: seen.mapped.length,
    availableReplicas: availableMapped.length,
    selector: selectorString(shardSetSelector(setName)),
    shardMap: shardMapName(setName),
    conditions,
  };
}
