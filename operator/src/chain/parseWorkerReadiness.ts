/**
 * What the operator reads from an ingest worker's /readyz; `problem` is the worker's reason for not
 * being ready (a stale head, failing steps), null when it reports none.
 */
export type WorkerReadiness = {
  head: number | null;
  indexedBlock: number | null;
  lag: number | null;
  problem: string | null;
};

function block(value: unknown): number | null {
  if (typeof value === "number" && Number.isSafeInteger(value) && value >= 0) return value;
  if (typeof value === "string" && /^[0-9]{1,16}$/.test(value)) return Number(value);
  return null;
}

function fromEntry(entry: Record<string, unknown>): WorkerReadiness {
  const head = block(entry.headBlock ?? entry.head);
  const indexedBlock = block(entry.indexedBlock ?? entry.indexed);
  const lag = head !== null && indexedBlock !== null ? Math.max(0, head - indexedBlock) : null;
  const reason = typeof entry.reason === "string" && entry.reason !== "" ? entry.reason.slice(0, 500) : null;
  const problem = reason ?? (entry.fresh === false ? "the chain head is stale" : null);
  return { head, indexedBlock, lag, problem };
}

/**
 * Reads head, indexed block, lag (in blocks) and the worker's problem (`reason`, or a `fresh: false`
 * head) for `chainId` from a worker's /readyz body: a readiness entry (core's ChainReadiness), a list of them, or an
 * object holding such a list under `chains` or `data`. Unknown values stay null.
 */
export function parseWorkerReadiness(body: unknown, chainId: string): WorkerReadiness {
  const unknown: WorkerReadiness = { head: null, indexedBlock: null, lag: null, problem: null };
  if (!body || typeof body !== "object") return unknown;
  const obj = body as Record<string, unknown>;
  const list = Array.isArray(body)
    ? body
    : Array.isArray(obj.chains)
      ? obj.chains
      : Array.isArray(obj.data)
        ? obj.data
        : null;
  if (list) {
    const entries = list.filter((e): e is Record<string, unknown> => Boolean(e) && typeof e === "object");
    const match = entries.find((e) => e.chain === chainId) ?? (entries.length === 1 ? entries[0] : undefined);
    return match ? fromEntry(match) : unknown;
  }
  if (obj.chain !== undefined && obj.chain !== chainId) return unknown;
  return fromEntry(obj);
}
