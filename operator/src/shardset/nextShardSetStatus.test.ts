import { describe, expect, it } from "vitest";
import { sampleShardSet } from "../testFixtures.ts";
import { nextShardSetStatus } from "./nextShardSetStatus.ts";

const T0 = "2026-01-01T00:00:00.000Z";
const shard = (index: number, available: boolean) => ({
  index,
  deployment: true,
  available,
  service: true,
  retiredAtMs: null,
});

describe("nextShardSetStatus", () => {
  it("reports the scale subresource's replicas and selector, Ready when every shard serves", () => {
    const s = nextShardSetStatus(
      sampleShardSet(2),
      { migrated: true, mapped: [0, 1], live: [shard(0, true), shard(1, true)] },
      T0,
    );
    expect(s).toEqual({
      observedGeneration: 2,
      replicas: 2,
      availableReplicas: 2,
      selector:
        "app.kubernetes.io/name=tapeline,app.kubernetes.io/component=query,tapeline.dev/shardset=main",
      shardMap: "main-shard-map",
      conditions: [
        {
          type: "Ready",
          status: "True",
          observedGeneration: 2,
          reason: "AllShardsAvailable",
          message: "2 of 2 shards mapped and available",
          lastTransitionTime: T0,
        },
        {
          type: "Degraded",
          status: "False",
          observedGeneration: 2,
          reason: "AsExpected",
          message: "every mapped shard is available",
          lastTransitionTime: T0,
        },
      ],
    });
  });

  it("is Scaling while a new shard waits, Degraded when a mapped shard is down", () => {
    const scaling = nextShardSetStatus(
      sampleShardSet(3),
      { migrated: true, mapped: [0, 1], live: [shard(0, true), shard(1, true), shard(2, false)] },
      T0,
    );
    expect(scaling.replicas).toBe(2);
    expect(scaling.conditions?.map((c) => [c.type, c.status, c.reason])).toEqual([
      ["Ready", "False", "Scaling"],
      ["Degraded", "False", "AsExpected"],
    ]);
    const down = nextShardSetStatus(
      sampleShardSet(2),
      { migrated: true, mapped: [0, 1], live: [shard(0, true), shard(1, false)] },
      T0,
    );
    expect(down.availableReplicas).toBe(1);
    expect(down.conditions?.map((c) => [c.type, c.status, c.reason])).toEqual([
      ["Ready", "False", "ShardsStarting"],
      ["Degraded", "True", "ShardsUnavailable"],
    ]);
  });

  it("waits for migrations", () => {
    const s = nextShardSetStatus(sampleShardSet(2), { migrated: false, mapped: [], live: [] }, T0);
    expect(s.replicas).toBe(0);
    expect(s.conditions?.[0]).toMatchObject({ type: "Ready", status: "False", reason: "MigrationsPending" });
  });
});
