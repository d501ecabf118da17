import type { WorkloadSettings } from "../config.ts";
import type { Chain } from "../generated/crdTypes.ts";
import { commonLabels, LABELS } from "../kube/labels.ts";
import { ownedMetadata } from "../kube/ownedMetadata.ts";
import type { KubeObject } from "../kube/types.ts";
import { workloadPodSpec } from "../kube/workloadPodSpec.ts";
import { ingestName, ingestSelector } from "./chainNames.ts";

/**
 * The ingest Deployment of a Chain: exactly one pod, replaced with the Recreate strategy so that two
 * writers never run for the same chain. RPC URLs come from the Secrets the Chain names; the chain's
 * settings are passed as environment variables the worker validates at start.
 */
export function desiredIngestDeployment(chain: Chain, settings: WorkloadSettings): KubeObject {
  const name = chain.metadata.name as string;
  const { spec } = chain;
  const rpcEnv = spec.rpc.endpoints.map((e, i) => ({
    name: `RPC_URL_${i}`,
    valueFrom: { secretKeyRef: { name: e.secretKeyRef.name, key: e.secretKeyRef.key } },
  }));
  const wsEnv = spec.rpc.websocket
    ? [{ name: "RPC_WS_URL", valueFrom: { secretKeyRef: { ...spec.rpc.websocket.secretKeyRef } } }]
    : [];
  const selector = ingestSelector(name);
  return {
    apiVersion: "apps/v1",
    kind: "Deployment",
    metadata: ownedMetadata(chain, ingestName(name), {
      ...commonLabels("ingest", name),
      [LABELS.chain]: name,
    }),
    spec: {
      replicas: 1,
      strategy: { type: "Recreate" },
      selector: { matchLabels: selector },
      template: {
        metadata: { labels: { ...selector, [LABELS.partOf]: name } },
        spec: workloadPodSpec(settings, {
          name: "ingest",
          image: settings.ingestImage,
          env: [
            { name: "CHAIN_ID", value: spec.chainId },
            { name: "CHAIN_NAME", value: name },
            { name: "FINALITY_DEPTH", value: String(spec.finalityDepth ?? 64) },
            { name: "VENUES", value: spec.venues.join(",") },
            ...(spec.startBlock === undefined
              ? []
              : [{ name: "START_BLOCK", value: String(spec.startBlock) }]),
            { name: "RPC_URL_COUNT", value: String(rpcEnv.length) },
            ...rpcEnv,
            ...wsEnv,
          ],
          resources: spec.resources,
        }),
      },
    },
  };
}
