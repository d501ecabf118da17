import { describe, expect, it } from "vitest";
import { envOf, expectedWorkloadPodSpec, podSpecOf, sampleChain, testSettings } from "../testFixtures.ts";
import { desiredIngestDeployment } from "./desiredIngestDeployment.ts";

const owner = {
  apiVersion: "tapeline.dev/v1alpha1",
  kind: "Chain",
  name: "base",
  uid: "0b5f3c1e-4a2d-4c1b-9e7f-1234567890ab",
  controller: true,
  blockOwnerDeletion: true,
};

describe("desiredIngestDeployment", () => {
  it("renders one Recreate Deployment per Chain, with its settings, secrets and probes", () => {
    const chain = sampleChain({
      rpc: {
        endpoints: [
          { secretKeyRef: { name: "base-rpc", key: "primary" } },
          { secretKeyRef: { name: "base-rpc", key: "fallback" } },
        ],
        websocket: { secretKeyRef: { name: "base-rpc", key: "ws" } },
      },
      resources: { requests: { cpu: "500m", memory: "512Mi" } },
    });
    expect(desiredIngestDeployment(chain, testSettings)).toEqual({
      apiVersion: "apps/v1",
      kind: "Deployment",
      metadata: {
        name: "tapeline-ingest-base",
        namespace: "markets",
        labels: {
          "app.kubernetes.io/name": "tapeline",
          "app.kubernetes.io/component": "ingest",
          "app.kubernetes.io/managed-by": "tapeline-operator",
          "app.kubernetes.io/part-of": "base",
          "tapeline.dev/chain": "base",
        },
        ownerReferences: [owner],
      },
      spec: {
        replicas: 1,
        strategy: { type: "Recreate" },
        selector: {
          matchLabels: {
            "app.kubernetes.io/name": "tapeline",
            "app.kubernetes.io/component": "ingest",
            "tapeline.dev/chain": "base",
          },
        },
        template: {
          metadata: {
            labels: {
              "app.kubernetes.io/name": "tapeline",
              "app.kubernetes.io/component": "ingest",
              "tapeline.dev/chain": "base",
              "app.kubernetes.io/part-of": "base",
            },
          },
          spec: expectedWorkloadPodSpec({
            name: "ingest",
            image: "registry.example/tapeline-ingest:1.2.3",
            env: [
              { name: "CHAIN_ID", value: "evm:8453" },
              { name: "CHAIN_NAME", value: "base" },
              { name: "FINALITY_DEPTH", value: "64" },
              { name: "VENUES", value: "UNISWAP_V2,UNISWAP_V3" },
              { name: "START_BLOCK", value: "20000000" },
              { name: "RPC_URL_COUNT", value: "2" },
              { name: "RPC_URL_0", valueFrom: { secretKeyRef: { name: "base-rpc", key: "primary" } } },
              { name: "RPC_URL_1", valueFrom: { secretKeyRef: { name: "base-rpc", key: "fallback" } } },
              { name: "RPC_WS_URL", valueFrom: { secretKeyRef: { name: "base-rpc", key: "ws" } } },
            ],
            resources: { requests: { cpu: "500m", memory: "512Mi" } },
          }),
        },
      },
    });
  });

  it("omits START_BLOCK and resources when the Chain sets none, and follows spec changes", () => {
    const chain = sampleChain({
      startBlock: undefined,
      backfill: undefined,
      finalityDepth: 32,
      venues: ["PUMPSWAP"],
    });
    const deployment = desiredIngestDeployment(chain, testSettings);
    const env = envOf(deployment);
    const container = podSpecOf(deployment).containers[0];
    expect(env.START_BLOCK).toBeUndefined();
    expect(env.FINALITY_DEPTH).toBe("32");
    expect(env.VENUES).toBe("PUMPSWAP");
    expect(container?.resources).toBeUndefined();
  });

  it("refuses a Chain without a uid (an owner reference needs one)", () => {
    const chain = sampleChain();
    chain.metadata.uid = undefined;
    expect(() => desiredIngestDeployment(chain, testSettings)).toThrow(/no name or uid/);
  });
});
