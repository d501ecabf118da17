import { createRateLimiter } from "./createRateLimiter.ts";
import { RpcResponseError, RpcTransportError, RpcUnavailableError } from "./RpcErrors.ts";

/** One JSON-RPC endpoint of a chain. */
export type RpcEndpointConfig = {
  url: string;
  /** WebSocket URL offering `eth_subscribe("newHeads")`, if any. */
  wsUrl?: string;
  /** Request-rate cap (calls per second, a batch counts each call). @defaultValue Infinity */
  maxRps?: number;
  /** Per-request timeout. @defaultValue 10000 */
  timeoutMs?: number;
  /** Most calls in one JSON-RPC batch. @defaultValue 100 */
  maxBatch?: number;
  /** Most batches of one `batch` call in flight at once. @defaultValue 4 */
  maxConcurrentBatches?: number;
};

export type RpcClientOptions = {
  endpoints: RpcEndpointConfig[];
  /** Full passes over the endpoints before giving up. @defaultValue 4 */
  attempts?: number;
  /** First backoff between passes, doubled each time. @defaultValue 200 */
  backoffMs?: number;
  /** An endpoint whose head trails the best head by more blocks is not synced. @defaultValue 3 */
  maxLagBlocks?: number;
  /** How long a failed endpoint sits out before being tried again (doubles per failure, max 30 s). @defaultValue 1000 */
  cooldownMs?: number;
  onEvent?: (event: RpcClientEvent) => void;
};

/** What the client reports about its endpoints (for logs and metrics). */
export type RpcClientEvent =
  | { type: "failover"; from: string; method: string; error: string }
  | { type: "lagging"; endpoint: string; head: bigint; best: bigint };

export type RpcCall = { method: string; params: unknown[] };

/** Status of one endpoint as the client sees it. */
export type RpcEndpointStatus = {
  url: string;
  head: bigint | null;
  synced: boolean;
  failures: number;
  downUntil: number;
};

/** A failover JSON-RPC client over several endpoints of one chain. */
export type RpcClient = {
  /**
   * One call, on the best endpoint that is up and synced (and, with `minBlock`, whose head
   * reached that block), failing over on transport errors, timeouts and rate limits.
   * @throws RpcResponseError on a deterministic JSON-RPC error (a revert…), RpcUnavailableError when all fail.
   */
  request<T>(method: string, params: unknown[], opts?: { minBlock?: bigint }): Promise<T>;
  /** Several calls in JSON-RPC batches; results in call order; a call's own error is thrown. */
  batch<T>(calls: RpcCall[], opts?: { minBlock?: bigint }): Promise<T[]>;
  /** Like batch, but a call's deterministic error (a revert) comes back in its slot instead of throwing. */
  batchSettled<T>(calls: RpcCall[], opts?: { minBlock?: bigint }): Promise<(T | RpcResponseError)[]>;
  /** Polls every endpoint's head; returns the best head among synced endpoints. */
  refreshHeads(): Promise<bigint>;
  status(): RpcEndpointStatus[];
  endpoints: readonly RpcEndpointConfig[];
};

type EndpointState = RpcEndpointStatus & {
  cfg: Required<Omit<RpcEndpointConfig, "wsUrl">>;
  limiter: ReturnType<typeof createRateLimiter>;
};

type JsonRpcResponse = {
  id: number;
  result?: unknown;
  error?: { code: number; message: string; data?: unknown };
};

// A JSON-RPC error is the node's real answer (not worth another endpoint) when it is a revert or
// a malformed request; everything else (limits, missing blocks on a lagging node, internal
// errors) is treated as the endpoint's problem.
function isDeterministic(err: { code: number; message: string }): boolean {
  if (err.code === 3) return true;
  if (/revert/i.test(err.message)) return true;
  return err.code === -32602 || err.code === -32601 || err.code === -32600;
}

/**
 * Creates a JSON-RPC client over several endpoints with failover, retry with exponential
 * backoff, a per-endpoint request-rate cap and a synced check (an endpoint trailing the best
 * head by more than `maxLagBlocks` is used only when no synced one is up).
 */
export function createRpcClient(opts: RpcClientOptions): RpcClient {
  if (opts.endpoints.length === 0) throw new RangeError("at least one RPC endpoint is required");
  const attempts = opts.attempts ?? 4;
  const backoffMs = opts.backoffMs ?? 200;
  const maxLag = BigInt(opts.maxLagBlocks ?? 3);
  const cooldownMs = opts.cooldownMs ?? 1000;
  const states: EndpointState[] = opts.endpoints.map((e) => ({
    url: e.url,
    head: null,
    synced: true,
    failures: 0,
    downUntil: 0,
    cfg: {
      url: e.url,
      maxRps: e.maxRps ?? Number.POSITIVE_INFINITY,
      timeoutMs: e.timeoutMs ?? 10_000,
      maxBatch: e.maxBatch ?? 100,
      maxConcurrentBatches: e.maxConcurrentBatches ?? 4,
    },
    limiter: createRateLimiter(e.maxRps ?? Number.POSITIVE_INFINITY),
  }));
  let nextId = 1;

  async function post(
    state: EndpointState,
    body: unknown,
    count: number,
  ): Promise<JsonRpcResponse | JsonRpcResponse[]> {
    await state.limiter.take(count);
    const ctrl = new AbortController();
    const timer = setTimeout(() => ctrl.abort(), state.cfg.timeoutMs);
    try {
      const res = await fetch(state.url, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body, (_k, v) => (typeof v === "bigint" ? `0x${v.toString(16)}` : v)),
        signal: ctrl.signal,
      });
      if (!res.ok) throw new RpcTransportError(state.url, `HTTP ${res.status}`);
      const text = await res.text();
      try {
        return JSON.parse(text) as JsonRpcResponse | JsonRpcResponse[];
      } catch (cause) {
        throw new RpcTransportError(state.url, "malformed JSON-RPC body", cause);
      }
    } catch (err) {
      if (err instanceof RpcTransportError) throw err;
      const msg = ctrl.signal.aborted ? `timeout after ${state.cfg.timeoutMs} ms` : (err as Error).message;
      throw new RpcTransportError(state.url, msg, err);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Endpoints to try, best first: up before down, synced before lagging, fewer failures first. */
  function candidates(minBlock?: bigint): EndpointState[] {
    const now = Date.now();
    const ranked = [...states].sort(
      (a, b) =>
        Number(a.downUntil > now) - Number(b.downUntil > now) ||
        Number(!a.synced) - Number(!b.synced) ||
        a.failures - b.failures,
    );
    if (minBlock === undefined) return ranked;
    // An endpoint known to be behind the block asked for would only answer "not found".
    const ahead = ranked.filter((s) => s.head === null || s.head >= minBlock);
    return ahead.length > 0 ? ahead : ranked;
  }

  function markDown(state: EndpointState): void {
    state.failures += 1;
    state.downUntil = Date.now() + Math.min(30_000, cooldownMs * 2 ** Math.min(state.failures - 1, 5));
  }

  function markUp(state: EndpointState): void {
    state.failures = 0;
    state.downUntil = 0;
  }

  async function withFailover<T>(
    label: string,
    minBlock: bigint | undefined,
    run: (state: EndpointState) => Promise<T>,
  ): Promise<T> {
    let lastErr: unknown = null;
    let tries = 0;
    for (let pass = 0; pass < attempts; pass++) {
      if (pass > 0) await new Promise((r) => setTimeout(r, backoffMs * 2 ** (pass - 1)));
      for (const state of candidates(minBlock)) {
        tries++;
        try {
          const out = await run(state);
          markUp(state);
          return out;
        } catch (err) {
          if (err instanceof RpcResponseError) throw err;
          lastErr = err;
          markDown(state);
          opts.onEvent?.({ type: "failover", from: state.url, method: label, error: (err as Error).message });
        }
      }
    }
    throw new RpcUnavailableError(label, tries, lastErr);
  }

  function unwrap<T>(method: string, state: EndpointState, r: JsonRpcResponse | undefined): T {
    if (!r) throw new RpcTransportError(state.url, `no response for ${method}`);
    if (r.error) {
      if (isDeterministic(r.error))
        throw new RpcResponseError(method, r.error.code, r.error.message, r.error.data);
      throw new RpcTransportError(state.url, `${method}: ${r.error.message} (code ${r.error.code})`);
    }
    return r.result as T;
  }

  async function request<T>(method: string, params: unknown[], o?: { minBlock?: bigint }): Promise<T> {
    return withFailover(method, o?.minBlock, async (state) => {
      const id = nextId++;
      const res = await post(state, { jsonrpc: "2.0", id, method, params }, 1);
      if (Array.isArray(res)) throw new RpcTransportError(state.url, "batch answer to a single call");
      return unwrap<T>(method, state, res);
    });
  }

  async function batch<T>(calls: RpcCall[], o?: { minBlock?: bigint }): Promise<T[]> {
    const out = await batchSettled<T>(calls, o);
    for (const r of out) if (r instanceof RpcResponseError) throw r;
    return out as T[];
  }

  async function batchSettled<T>(
    calls: RpcCall[],
    o?: { minBlock?: bigint },
  ): Promise<(T | RpcResponseError)[]> {
    if (calls.length === 0) return [];
    const out: (T | RpcResponseError)[] = new Array(calls.length);
    const size = Math.min(...states.map((s) => s.cfg.maxBatch));
    const chunks: number[] = [];
    for (let i = 0; i < calls.length; i += size) chunks.push(i);
    const lanes = Math.min(chunks.length, ...states.map((s) => s.cfg.maxConcurrentBatches));
    let nextChunk = 0;
    const lane = async () => {
      while (nextChunk < chunks.length) await runChunk(chunks[nextChunk++]!);
    };
    const runChunk = (start: number) =>
      withFailover(`batch(${calls[start]!.method}…)`, o?.minBlock, async (state) => {
        const slice = calls.slice(start, start + size);
        const base = nextId;
        nextId += slice.length;
        const body = slice.map((c, i) => ({
          jsonrpc: "2.0",
          id: base + i,
          method: c.method,
          params: c.params,
        }));
        const res = await post(state, body, slice.length);
        const list = Array.isArray(res) ? res : [res];
        const byId = new Map(list.map((r) => [r.id, r]));
        const results = slice.map((c, i) => {
          try {
            return unwrap<T>(c.method, state, byId.get(base + i));
          } catch (err) {
            if (err instanceof RpcResponseError) return err;
            throw err;
          }
        });
        for (let i = 0; i < results.length; i++) out[start + i] = results[i]!;
      });
    await Promise.all(Array.from({ length: Math.max(1, lanes) }, lane));
    return out;
  }

  async function refreshHeads(): Promise<bigint> {
    await Promise.all(
      states.map(async (state) => {
        try {
          const res = await post(
            state,
            [
              { jsonrpc: "2.0", id: 1, method: "eth_blockNumber", params: [] },
              { jsonrpc: "2.0", id: 2, method: "eth_syncing", params: [] },
            ],
            2,
          );
          const list = Array.isArray(res) ? res : [res];
          const head = list.find((r) => r.id === 1);
          const syncing = list.find((r) => r.id === 2);
          if (!head || head.error || typeof head.result !== "string")
            throw new RpcTransportError(state.url, "no head");
          state.head = BigInt(head.result);
          state.synced = !(syncing?.result && syncing.result !== false);
          if (state.downUntil <= Date.now()) state.failures = 0;
        } catch (err) {
          state.synced = false;
          markDown(state);
          opts.onEvent?.({
            type: "failover",
            from: state.url,
            method: "eth_blockNumber",
            error: (err as Error).message,
          });
        }
      }),
    );
    const heads = states.filter((s) => s.synced && s.head !== null).map((s) => s.head!);
    if (heads.length === 0)
      throw new RpcUnavailableError("eth_blockNumber", states.length, new Error("no synced endpoint"));
    const best = heads.reduce((a, b) => (a > b ? a : b));
    for (const s of states) {
      if (s.head !== null && s.synced && best - s.head > maxLag) {
        s.synced = false;
        opts.onEvent?.({ type: "lagging", endpoint: s.url, head: s.head, best });
      }
    }
    return best;
  }

  return {
    request,
    batch,
    batchSettled,
    refreshHeads,
    status: () =>
      states.map(({ url, head, synced, failures, downUntil }) => ({
        url,
        head,
        synced,
        failures,
        downUntil,
      })),
    endpoints: opts.endpoints,
  };
}
