import { LABELS } from "../kube/labels.ts";

/** Name of a Chain's ingest Deployment and Service. */
export function ingestName(chainName: string): string {
  return `tapeline-ingest-${chainName}`;
}

/** Labels selecting a Chain's ingest pods. */
export function ingestSelector(chainName: string): Record<string, string> {
  return { [LABELS.name]: "tapeline", [LABELS.component]: "ingest", [LABELS.chain]: chainName };
}
