import { parseShardMap, type ShardMap } from "@tapeline/core";
import type { Logger } from "pino";
import type { WorkloadSettings } from "../config.ts";
import { SHARD_SET_API_VERSION, type ShardSet } from "../generated/crdTypes.ts";
import { applyIfChanged } from "../kube/applyIfChanged.ts";
import type { KubeClient } from "../kube/createKubeClient.ts";
import { ANNOTATIONS, LABELS } from "../kube/labels.ts";
import { objectHash } from "../kube/objectHash.ts";
import type { KubeObject, ReconcileResult } from "../kube/types.ts";
import type { MigrationGate } from "../migrations/createMigrationGate.ts";
import { nextShardSetStatus } from "./nextShardSetStatus.ts";
import { type LiveShard, planShardSet } from "./planShardSet.ts";
import { SHARD_MAP_KEY, selectorString, shardMapName, shardSetSelector } from "./shardNames.ts";

/** What the ShardSet reconciler works with. */
export type ShardSetReconcilerDeps = {
  client: KubeClient;
  settings: WorkloadSettings;
  migrations: MigrationGate;
  /** How long a shard leaving the map keeps serving before its workload is deleted. */
  drainMs: number;
  /** The longest wait between passes when nothing is pending. */
  resyncMs: number;
  logger: Logger;
  now?: () => Date;
};

function readMap(cm: KubeObject | null): ShardMap | null {
  const text = (cm?.data as Record<string, string> | undefined)?.[SHARD_MAP_KEY];
  if (!text) return null;
  try {
    return parseShardMap(JSON.parse(text));
  } catch {
    return null;
  }
}

function liveShards(deployments: KubeObject[], services: KubeObject[]): LiveShard[] {
  const shards = new Map<number, LiveShard>();
  const entry = (o: KubeObject) => {
    const index = Number(o.metadata.labels?.[LABELS.shard]);
    if (!Number.isInteger(index) || index < 0) return null;
    let s = shards.get(index);
    if (!s) {
      s = { index, deployment: false, available: false, service: false, retiredAtMs: null };
      shards.set(index, s);
    }
    return s;
  };
  for (const d of deployments) {
    const s = entry(d);
    if (!s) continue;
    s.deployment = true;
    s.available = ((d.status as { availableReplicas?: number } | undefined)?.availableReplicas ?? 0) > 0;
    const retired = Number(d.metadata.annotations?.[ANNOTATIONS.retiredAt]);
    s.retiredAtMs = Number.isFinite(retired) && retired > 0 ? retired : null;
  }
  for (const svc of services) {
    const s = entry(svc);
    if (s) s.service = true;
  }
  return [...shards.values()];
}

/**
 * Reconciles one ShardSet (`namespace/name`): one query Deployment and Service per shard, the shard map
 * ConfigMap, retiring shards drained then deleted, and the status (with the scale subresource's
 * replicas and selector) written only when it changed. Deletion is left to owner references.
 */
export async function reconcileShardSet(key: string, deps: ShardSetReconcilerDeps): Promise<ReconcileResult> {
  const { client, settings, logger } = deps;
  const [namespace, name] = key.split("/") as [string, string];
  const shardSet = await client.get<ShardSet>({
    apiVersion: SHARD_SET_API_VERSION,
    kind: "ShardSet",
    namespace,
    name,
  });
  if (!shardSet || shardSet.metadata.deletionTimestamp) return {};
  const now = deps.now?.() ?? new Date();

  const migrated = await deps.migrations.check();
  let mapped: number[] = [];
  let live: LiveShard[] = [];
  let requeueAfterMs = deps.resyncMs;
  if (migrated) {
    const selector = selectorString(shardSetSelector(name));
    const ownedBy = (o: KubeObject) =>
      o.metadata.ownerReferences?.some((r) => r.uid === shardSet.metadata.uid);
    const [deployments, services, cm] = await Promise.all([
      client.list("apps/v1", "Deployment", namespace, selector),
      client.list("v1", "Service", namespace, selector),
      client.get({ apiVersion: "v1", kind: "ConfigMap", namespace, name: shardMapName(name) }),
    ]);
    const own = { deployments: deployments.filter(ownedBy), services: services.filter(ownedBy) };
    live = liveShards(own.deployments, own.services);
    const liveMap = readMap(cm);
    const plan = planShardSet({
      shardSet,
      settings,
      live,
      liveMap,
      nowMs: now.getTime(),
      drainMs: deps.drainMs,
    });
    const known = new Map(
      [...own.deployments, ...own.services, ...(cm ? [cm] : [])].map((o) => [
        `${o.kind}/${o.metadata.name}`,
        o,
      ]),
    );
    for (const obj of plan.apply) {
      await applyIfChanged(client, obj, known.get(`${obj.kind}/${obj.metadata.name}`) ?? null);
    }
    if (liveMap?.version !== plan.map.version) {
      logger.info(
        { shardSet: key, version: plan.map.version, shards: plan.mapped.length },
        "shard map published",
      );
    }
    for (const r of plan.remove) {
      const apiVersion = r.kind === "Deployment" ? "apps/v1" : "v1";
      await client.delete({ apiVersion, kind: r.kind, namespace, name: r.name });
      logger.info({ shardSet: key, [r.kind.toLowerCase()]: r.name }, "retired shard deleted");
    }
    mapped = plan.mapped;
    if (plan.requeueAfterMs !== undefined) requeueAfterMs = Math.min(requeueAfterMs, plan.requeueAfterMs);
  } else {
    requeueAfterMs = 5000;
  }

  const status = nextShardSetStatus(shardSet, { migrated, mapped, live }, now.toISOString());
  if (objectHash(status) !== objectHash(shardSet.status ?? null)) {
    await client.replaceStatus({ ...shardSet, status });
  }
  return { requeueAfterMs };
}
