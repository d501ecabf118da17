import { parseWorkerReadiness, type WorkerReadiness } from "./parseWorkerReadiness.ts";

/** Thrown when a worker's /readyz cannot be read. */
export class WorkerUnreachableError extends Error {
  override name = "WorkerUnreachableError";
}

/**
 * GETs a worker's /readyz and reads the chain's head, indexed block and lag. A 503 still carries the
 * figures (a lagging worker is not ready yet), so any JSON body is read.
 * @throws WorkerUnreachableError when the request fails or the body is not JSON.
 */
export async function fetchWorkerReadiness(
  url: string,
  chainId: string,
  timeoutMs = 3000,
): Promise<WorkerReadiness> {
  let res: Response;
  try {
    res = await fetch(url, {
      signal: AbortSignal.timeout(timeoutMs),
      headers: { accept: "application/json" },
    });
  } catch (err) {
    throw new WorkerUnreachableError(`GET ${url} failed: ${(err as Error).message}`, { cause: err });
  }
  const text = await res.text();
  try {
    return parseWorkerReadiness(JSON.parse(text), chainId);
  } catch (err) {
    throw new WorkerUnreachableError(`GET ${url}: ${res.status}, body is not JSON`, { cause: err });
  }
}
