import { TapelineError } from "@tapeline/core";

/** The node could not answer (transport failure, timeout, oversized or malformed answer). */
export class NodeUnavailableError extends TapelineError {
  override name = "NodeUnavailableError";
  override readonly retryable = true;
}

/** One JSON-RPC call. */
export type NodeCall = { method: string; params: unknown[] };

/** A call's answer: its result, or the node's own error for that call (a revert). */
export type NodeAnswer = { result: unknown } | { error: { code: number; message: string } };

/** A bounded JSON-RPC client of one node (the holdings and pool reads of the portfolio). */
export type NodeRpc = {
  /**
   * Sends the calls as JSON-RPC batches of at most `maxBatch`, answers in call order.
   * @throws NodeUnavailableError when the node does not answer them all
   */
  batch(calls: readonly NodeCall[]): Promise<NodeAnswer[]>;
  /**
   * One call's result.
   * @throws NodeUnavailableError also when the node answers an error
   */
  call<T>(method: string, params: unknown[]): Promise<T>;
};

/**
 * A JSON-RPC client for request-time reads: every exchange bounded in time (`timeoutMs`) and
 * size (`maxBytes`), no retry (the caller answers 503 with Retry-After instead of waiting).
 */
export function createNodeRpc(opts: {
  url: string;
  /** @defaultValue 4000 */
  timeoutMs?: number;
  /** @defaultValue 16 MiB */
  maxBytes?: number;
  /** @defaultValue 200 */
  maxBatch?: number;
}): NodeRpc {
  const timeoutMs = opts.timeoutMs ?? 4000;
  const maxBytes = opts.maxBytes ?? 16 * 1024 * 1024;
  const maxBatch = opts.maxBatch ?? 200;

  async function exchange(calls: readonly NodeCall[]): Promise<NodeAnswer[]> {
    const body = JSON.stringify(
      calls.map((c, id) => ({ jsonrpc: "2.0", id, method: c.method, params: c.params })),
    );
    let text: string;
    try {
      const res = await fetch(opts.url, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body,
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      const declared = Number(res.headers.get("content-length") ?? "0");
      if (declared > maxBytes) throw new Error(`answer of ${declared} bytes exceeds ${maxBytes}`);
      text = await res.text();
      if (text.length > maxBytes) throw new Error(`answer exceeds ${maxBytes} bytes`);
    } catch (err) {
      throw new NodeUnavailableError(`node ${new URL(opts.url).host} did not answer`, { cause: err });
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (err) {
      throw new NodeUnavailableError("node answered malformed JSON", { cause: err });
    }
    if (!Array.isArray(parsed)) throw new NodeUnavailableError("node answered a batch with a non-array");
    const byId = new Map<number, NodeAnswer>();
    for (const a of parsed as {
      id?: unknown;
      result?: unknown;
      error?: { code: number; message: string };
    }[]) {
      if (typeof a?.id !== "number") continue;
      byId.set(a.id, a.error ? { error: a.error } : { result: a.result });
    }
    return calls.map((_, i) => {
      const a = byId.get(i);
      if (!a) throw new NodeUnavailableError(`node left call ${i} of a batch unanswered`);
      return a;
    });
  }

  return {
    async batch(calls) {
      const chunks: NodeCall[][] = [];
      for (let i = 0; i < calls.length; i += maxBatch) chunks.push(calls.slice(i, i + maxBatch));
      const answers = await Promise.all(chunks.map(exchange));
      return answers.flat();
    },
    async call<T>(method: string, params: unknown[]) {
      const [a] = await exchange([{ method, params }]);
      if (!a || "error" in a)
        throw new NodeUnavailableError(
          `${method} failed: ${a && "error" in a ? a.error.message : "no answer"}`,
        );
      return a.result as T;
    },
  };
}
