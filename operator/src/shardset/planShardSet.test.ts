import { assignPartitions, type ShardMap } from "@tapeline/core";
import { describe, expect, it } from "vitest";
import type { KubeObject } from "../kube/types.ts";
import { sampleShardSet, testSettings } from "../testFixtures.ts";
import { type LiveShard, planShardSet } from "./planShardSet.ts";

const url = (i: number) => `http://main-shard-${i}.markets.svc:8080`;
const mapOf = (version: number, indices: number[]): ShardMap => ({
  version,
  partitions: 4096,
  shards: indices.map((i) => ({ name: `shard-${i}`, url: url(i) })),
});
const running = (index: number, extra: Partial<LiveShard> = {}): LiveShard => ({
  index,
  deployment: true,
  available: true,
  service: true,
  retiredAtMs: null,
  ...extra,
});
const names = (objs: KubeObject[]) => objs.map((o) => `${o.kind}/${o.metadata.name}`);
const NOW = 1_700_000_000_000;

describe("planShardSet", () => {
  it("creates every shard and a first map listing them all", () => {
    const plan = planShardSet({
      shardSet: sampleShardSet(3),
      settings: testSettings,
      live: [],
      liveMap: null,
      nowMs: NOW,
      drainMs: 30_000,
    });
    expect(names(plan.apply)).toEqual([
      "Deployment/main-shard-0",
      "Service/main-shard-0",
      "Deployment/main-shard-1",
      "Service/main-shard-1",
      "Deployment/main-shard-2",
      "Service/main-shard-2",
      "ConfigMap/main-shard-map",
    ]);
    expect(plan.map).toEqual(mapOf(1, [0, 1, 2]));
    expect(plan.remove).toEqual([]);
    expect(plan.requeueAfterMs).toBeUndefined();
  });

  it("scales up: the new shard joins the map only once it is available", () => {
    const base = { shardSet: sampleShardSet(3), settings: testSettings, nowMs: NOW, drainMs: 30_000 };
    const starting = planShardSet({
      ...base,
      live: [running(0), running(1), running(2, { available: false })],
      liveMap: mapOf(5, [0, 1]),
    });
    expect(starting.map).toEqual(mapOf(5, [0, 1]));
    expect(names(starting.apply)).toContain("Deployment/main-shard-2");
    expect(starting.requeueAfterMs).toBe(10_000);

    const ready = planShardSet({
      ...base,
      live: [running(0), running(1), running(2)],
      liveMap: mapOf(5, [0, 1]),
    });
    expect(ready.map).toEqual(mapOf(6, [0, 1, 2]));
    expect(ready.mapped).toEqual([0, 1, 2]);
    expect(ready.requeueAfterMs).toBeUndefined();

    // Only partitions won by the new shard move (rendezvous hashing over the published names).
    const before = assignPartitions(["shard-0", "shard-1"]);
    const after = assignPartitions(ready.map.shards.map((s) => s.name));
    for (let p = 0; p < 4096; p++) {
      if (after[p] !== before[p]) expect(after[p]).toBe(2);
    }
  });

  it("scales down: the shard leaves the map at once, drains, then its workload is deleted", () => {
    const base = { shardSet: sampleShardSet(2), settings: testSettings, drainMs: 30_000 };
    const leaving = planShardSet({
      ...base,
      nowMs: NOW,
      live: [running(0), running(1), running(2)],
      liveMap: mapOf(6, [0, 1, 2]),
    });
    expect(leaving.map).toEqual(mapOf(7, [0, 1]));
    expect(leaving.remove).toEqual([]);
    const retire = leaving.apply.find((o) => o.metadata.name === "main-shard-2");
    expect(retire?.metadata.annotations).toEqual({ "tapeline.dev/retired-at": String(NOW) });
    expect(leaving.requeueAfterMs).toBe(30_000);

    const draining = planShardSet({
      ...base,
      nowMs: NOW + 10_000,
      live: [running(0), running(1), running(2, { retiredAtMs: NOW })],
      liveMap: mapOf(7, [0, 1]),
    });
    expect(draining.map.version).toBe(7);
    expect(draining.remove).toEqual([]);
    expect(names(draining.apply)).not.toContain("Deployment/main-shard-2");
    expect(draining.requeueAfterMs).toBe(20_000);

    const drained = planShardSet({
      ...base,
      nowMs: NOW + 30_000,
      live: [running(0), running(1), running(2, { retiredAtMs: NOW })],
      liveMap: mapOf(7, [0, 1]),
    });
    expect(drained.remove).toEqual([
      { kind: "Deployment", name: "main-shard-2" },
      { kind: "Service", name: "main-shard-2" },
    ]);
    expect(drained.requeueAfterMs).toBeUndefined();
  });

  it("deletes at once with no drain period, including a Service left without its Deployment", () => {
    const plan = planShardSet({
      shardSet: sampleShardSet(1),
      settings: testSettings,
      nowMs: NOW,
      drainMs: 0,
      live: [running(0), running(1), running(3, { deployment: false, available: false })],
      liveMap: mapOf(2, [0, 1]),
    });
    expect(plan.map).toEqual(mapOf(3, [0]));
    expect(plan.remove).toEqual([
      { kind: "Deployment", name: "main-shard-1" },
      { kind: "Service", name: "main-shard-1" },
      { kind: "Service", name: "main-shard-3" },
    ]);
  });

  it("keeps a mapped shard that went unavailable (its keys stay put) and a returning retired shard", () => {
    const plan = planShardSet({
      shardSet: sampleShardSet(3),
      settings: testSettings,
      nowMs: NOW,
      drainMs: 30_000,
      live: [running(0, { available: false }), running(1), running(2, { retiredAtMs: NOW - 5000 })],
      liveMap: mapOf(9, [0, 1]),
    });
    expect(plan.map).toEqual(mapOf(10, [0, 1, 2]));
    const shard2 = plan.apply.find((o) => o.kind === "Deployment" && o.metadata.name === "main-shard-2");
    expect(shard2?.metadata.annotations).toBeUndefined();
    expect(plan.remove).toEqual([]);
  });

  it("is stable: the same world gives the same map version", () => {
    const input = {
      shardSet: sampleShardSet(2),
      settings: testSettings,
      nowMs: NOW,
      drainMs: 30_000,
      live: [running(0), running(1)],
      liveMap: mapOf(4, [0, 1]),
    };
    expect(planShardSet(input).map).toEqual(mapOf(4, [0, 1]));
    expect(planShardSet(input)).toEqual(planShardSet({ ...input, nowMs: NOW + 1 }));
  });
});
