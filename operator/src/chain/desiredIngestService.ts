import type { WorkloadSettings } from "../config.ts";
import type { Chain } from "../generated/crdTypes.ts";
import { httpClusterIpService } from "../kube/httpClusterIpService.ts";
import { commonLabels, LABELS } from "../kube/labels.ts";
import { ownedMetadata } from "../kube/ownedMetadata.ts";
import type { KubeObject } from "../kube/types.ts";
import { ingestName, ingestSelector } from "./chainNames.ts";

/** The ClusterIP Service in front of a Chain's ingest pod; the operator reads the worker's /readyz through it. */
export function desiredIngestService(chain: Chain, settings: WorkloadSettings): KubeObject {
  const name = chain.metadata.name as string;
  return httpClusterIpService(
    ownedMetadata(chain, ingestName(name), { ...commonLabels("ingest", name), [LABELS.chain]: name }),
    ingestSelector(name),
    settings,
  );
}

/** The in-cluster URL of a Chain worker's /readyz. */
export function ingestReadyzUrl(chain: Chain, settings: WorkloadSettings): string {
  return `http://${ingestName(chain.metadata.name as string)}.${chain.metadata.namespace}.svc:${settings.port}/readyz`;
}
