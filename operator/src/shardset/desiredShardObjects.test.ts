import { describe, expect, it } from "vitest";
import { expectedWorkloadPodSpec, sampleShardSet, testSettings } from "../testFixtures.ts";
import { desiredShardDeployment } from "./desiredShardDeployment.ts";
import { desiredShardMap } from "./desiredShardMap.ts";
import { desiredShardService, shardUrl } from "./desiredShardService.ts";

const owner = {
  apiVersion: "tapeline.dev/v1alpha1",
  kind: "ShardSet",
  name: "main",
  uid: "7d1e2f3a-0000-4000-8000-00000000beef",
  controller: true,
  blockOwnerDeletion: true,
};
const labels = (shard: string) => ({
  "app.kubernetes.io/name": "tapeline",
  "app.kubernetes.io/component": "query",
  "app.kubernetes.io/managed-by": "tapeline-operator",
  "app.kubernetes.io/part-of": "main",
  "tapeline.dev/shardset": "main",
  "tapeline.dev/shard": shard,
});
const selector = (shard: string) => ({
  "app.kubernetes.io/name": "tapeline",
  "app.kubernetes.io/component": "query",
  "tapeline.dev/shardset": "main",
  "tapeline.dev/shard": shard,
});

describe("desiredShardDeployment", () => {
  it("renders shard 2's query Deployment", () => {
    const set = sampleShardSet(3, { podsPerShard: 2, resources: { limits: { memory: "2Gi" } } });
    expect(desiredShardDeployment(set, 2, testSettings)).toEqual({
      apiVersion: "apps/v1",
      kind: "Deployment",
      metadata: { name: "main-shard-2", namespace: "markets", labels: labels("2"), ownerReferences: [owner] },
      spec: {
        replicas: 2,
        strategy: { type: "RollingUpdate", rollingUpdate: { maxUnavailable: 0, maxSurge: 1 } },
        selector: { matchLabels: selector("2") },
        template: {
          metadata: { labels: { ...selector("2"), "app.kubernetes.io/part-of": "main" } },
          spec: expectedWorkloadPodSpec({
            name: "query",
            image: "registry.example/tapeline-query:1.2.3",
            env: [
              { name: "SHARD_NAME", value: "shard-2" },
              { name: "SHARD_SET", value: "main" },
              { name: "SHARD_MAP_PATH", value: "/etc/tapeline/shard-map/shardmap.json" },
            ],
            resources: { limits: { memory: "2Gi" } },
            mounts: [
              {
                volumeMount: { name: "shard-map", mountPath: "/etc/tapeline/shard-map", readOnly: true },
                volume: { name: "shard-map", configMap: { name: "main-shard-map", optional: true } },
              },
            ],
          }),
        },
      },
    });
  });

  it("marks a retiring shard with the time it left the map", () => {
    const d = desiredShardDeployment(sampleShardSet(1), 3, testSettings, 1_700_000_000_000);
    expect(d.metadata.annotations).toEqual({ "tapeline.dev/retired-at": "1700000000000" });
    expect(d.metadata.name).toBe("main-shard-3");
  });
});

describe("desiredShardService and desiredShardMap", () => {
  it("renders the shard's ClusterIP Service and its URL", () => {
    const set = sampleShardSet(2);
    expect(desiredShardService(set, 1, testSettings)).toEqual({
      apiVersion: "v1",
      kind: "Service",
      metadata: { name: "main-shard-1", namespace: "markets", labels: labels("1"), ownerReferences: [owner] },
      spec: {
        type: "ClusterIP",
        selector: selector("1"),
        ports: [{ name: "http", port: 8080, targetPort: "http", protocol: "TCP" }],
      },
    });
    expect(shardUrl(set, 1, testSettings)).toBe("http://main-shard-1.markets.svc:8080");
  });

  it("publishes the map as JSON in a ConfigMap owned by the ShardSet", () => {
    const map = {
      version: 4,
      partitions: 4096,
      shards: [{ name: "shard-0", url: "http://main-shard-0.markets.svc:8080" }],
    };
    expect(desiredShardMap(sampleShardSet(1), map)).toEqual({
      apiVersion: "v1",
      kind: "ConfigMap",
      metadata: {
        name: "main-shard-map",
        namespace: "markets",
        labels: {
          "app.kubernetes.io/name": "tapeline",
          "app.kubernetes.io/component": "shard-map",
          "app.kubernetes.io/managed-by": "tapeline-operator",
          "app.kubernetes.io/part-of": "main",
          "tapeline.dev/shardset": "main",
        },
        ownerReferences: [owner],
      },
      data: {
        "shardmap.json":
          '{"version":4,"partitions":4096,"shards":[{"name":"shard-0","url":"http://main-shard-0.markets.svc:8080"}]}',
      },
    });
  });
});
