import type {
  EventFrame,
  GapFrame,
  RollbackFrame,
  ServerFrame,
  StreamChannel,
  StreamChannels,
  StreamErrorBody,
} from "./streamTypes.ts";
import { SELF_CLEARING_ACTIONS, TapelineApiError } from "./TapelineApiError.ts";

/** What the client needs of a WebSocket: the browser's, Node 22's global one, or the `ws` package's. */
export type WebSocketLike = {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  onclose: ((ev: { code: number; reason: string }) => void) | null;
  onerror: ((ev: unknown) => void) | null;
};
export type WebSocketConstructor = new (url: string) => WebSocketLike;

export type StreamStatus = "connecting" | "ready" | "reconnecting" | "closed";

export type StreamClientOptions = {
  /** The API's base URL (`http(s)://`); the stream is at `ws(s)://<host>/v1/stream`. */
  baseUrl: string;
  apiKey: string;
  /** Default: `globalThis.WebSocket` (browsers, Node 22+). On Node 20 pass `ws`'s `WebSocket`. */
  WebSocket?: WebSocketConstructor;
  /** First reconnect delay (default 500 ms), doubled up to `maxDelayMs` (default 30 s), with jitter. */
  initialDelayMs?: number;
  maxDelayMs?: number;
  /**
   * Wait before reconnecting after a 4402 whose action clears on its own (`account_pending`,
   * `verify_payment`, `payment_processing`): default 30 s, doubling.
   */
  paymentRetryMs?: number;
  /** Status changes; `reconnecting` means events published meanwhile were missed. */
  onStatus?: (status: StreamStatus) => void;
  /** Errors not tied to a subscription, and the error that ended the stream for good. */
  onError?: (err: TapelineApiError) => void;
};

export type SubscriptionHandlers<C extends StreamChannel> = {
  onEvent: (data: StreamChannels[C]["data"], frame: EventFrame<C>) => void;
  /** `trades` only: drop `orphanedTradeIds`, then keep going. */
  onRollback?: (frame: RollbackFrame) => void;
  /**
   * Events of this subscription were lost upstream before this frame (rare: the server's bus
   * consumer was cut off longer than the bus keeps events). Read the channel's REST endpoint again
   * (`GET /v1/pool/trades`, `GET /v1/token/price`); later events keep coming.
   */
  onGap?: (frame: GapFrame) => void;
};

export type Subscription = {
  readonly id: string;
  /** Resolves at the first `ack`; rejects when the server refuses the subscription. */
  readonly acked: Promise<void>;
  unsubscribe(): void;
};

export type StreamClient = {
  subscribe<C extends StreamChannel>(
    channel: C,
    params: StreamChannels[C]["params"],
    handlers: SubscriptionHandlers<C>,
  ): Subscription;
  readonly status: StreamStatus;
  /** Closes the connection for good. */
  close(): void;
};

type Sub = {
  id: string;
  channel: StreamChannel;
  params: unknown;
  handlers: SubscriptionHandlers<StreamChannel>;
  ack: { resolve: () => void; reject: (e: unknown) => void; settled: boolean };
};

/** Close codes after which reconnecting cannot help until someone acts. */
const FINAL_CLOSE_CODES = new Set([4401, 4403]);
const OPEN = 1;

/**
 * A live stream connection that stays up: it authenticates with the first frame, reconnects with
 * backoff after a drop, subscribes again to every open subscription, and handles 4402 as the
 * spec's 402 table says (waits and retries for the actions that clear on their own, stops for the
 * others). Events published while it was reconnecting are not replayed: read the REST tape to fill
 * the gap after a `reconnecting` status.
 */
export function createStreamClient(opts: StreamClientOptions): StreamClient {
  const found = opts.WebSocket ?? (globalThis as { WebSocket?: WebSocketConstructor }).WebSocket;
  if (!found)
    throw new Error("no WebSocket implementation: pass one (e.g. the `ws` package's) as `WebSocket`");
  const WS: WebSocketConstructor = found;
  const url = `${opts.baseUrl.replace(/\/+$/, "").replace(/^http/, "ws")}/v1/stream`;
  const initialDelay = opts.initialDelayMs ?? 500;
  const maxDelay = opts.maxDelayMs ?? 30_000;
  const paymentRetry = opts.paymentRetryMs ?? 30_000;
  const subs = new Map<string, Sub>();
  let nextId = 1;
  let socket: WebSocketLike | null = null;
  let status: StreamStatus = "connecting";
  let ready = false;
  let closedByUser = false;
  let delay = initialDelay;
  let paymentDelay = paymentRetry;
  let timer: ReturnType<typeof setTimeout> | null = null;

  const setStatus = (s: StreamStatus) => {
    if (status === s) return;
    status = s;
    opts.onStatus?.(s);
  };
  const send = (frame: unknown) => {
    if (socket && ready && socket.readyState === OPEN) socket.send(JSON.stringify(frame));
  };
  const sendSubscribe = (s: Sub) =>
    send({ type: "subscribe", id: s.id, channel: s.channel, params: s.params });

  function connect(): void {
    ready = false;
    const ws = new WS(url);
    socket = ws;
    ws.onopen = () => ws.send(JSON.stringify({ type: "auth", key: opts.apiKey }));
    ws.onmessage = (ev) => onFrame(String(ev.data));
    ws.onerror = () => {};
    ws.onclose = (ev) => {
      if (socket !== ws) return;
      socket = null;
      ready = false;
      onClosed(ev.code, ev.reason);
    };
  }

  function onFrame(text: string): void {
    let frame: ServerFrame;
    try {
      frame = JSON.parse(text) as ServerFrame;
    } catch {
      return;
    }
    switch (frame.type) {
      case "ready":
        ready = true;
        delay = initialDelay;
        paymentDelay = paymentRetry;
        setStatus("ready");
        for (const s of subs.values()) sendSubscribe(s);
        return;
      case "ack": {
        const s = subs.get(frame.id);
        if (s && !s.ack.settled) {
          s.ack.settled = true;
          s.ack.resolve();
        }
        return;
      }
      case "event":
        subs.get(frame.id)?.handlers.onEvent(frame.data, frame);
        return;
      case "rollback":
        subs.get(frame.id)?.handlers.onRollback?.(frame);
        return;
      case "gap":
        subs.get(frame.id)?.handlers.onGap?.(frame);
        return;
      case "error":
        onErrorFrame(frame.id, frame.error);
        return;
      default:
        return;
    }
  }

  function onErrorFrame(id: string | undefined, body: StreamErrorBody): void {
    const err = new TapelineApiError({ status: 400, ...body });
    const s = id === undefined ? undefined : subs.get(id);
    // a refused subscribe is final for that subscription: its parameters will not change
    if (s && !s.ack.settled) {
      subs.delete(s.id);
      s.ack.settled = true;
      s.ack.reject(err);
      return;
    }
    opts.onError?.(err);
  }

  function onClosed(code: number, reason: string): void {
    if (closedByUser) {
      setStatus("closed");
      return;
    }
    const paymentSelfClears = code === 4402 && SELF_CLEARING_ACTIONS.includes(reason);
    if (FINAL_CLOSE_CODES.has(code) || (code === 4402 && !paymentSelfClears)) {
      stop(
        new TapelineApiError({
          status: code === 4402 ? 402 : code === 4403 ? 403 : 401,
          code: code === 4402 ? "PAYMENT_REQUIRED" : code === 4403 ? "FORBIDDEN" : "UNAUTHORIZED",
          message: `the stream was closed (${code} ${reason})`,
          ...(reason ? { details: { action: reason } } : {}),
        }),
      );
      return;
    }
    setStatus("reconnecting");
    let wait: number;
    if (paymentSelfClears) {
      wait = paymentDelay;
      paymentDelay = Math.min(paymentDelay * 2, 10 * paymentRetry);
    } else {
      wait = delay * (0.5 + Math.random() / 2);
      delay = Math.min(delay * 2, maxDelay);
    }
    timer = setTimeout(() => {
      timer = null;
      if (!closedByUser) connect();
    }, wait);
  }

  function stop(err: TapelineApiError): void {
    closedByUser = true;
    for (const s of subs.values()) {
      if (!s.ack.settled) {
        s.ack.settled = true;
        s.ack.reject(err);
      }
    }
    subs.clear();
    setStatus("closed");
    opts.onError?.(err);
  }

  connect();

  return {
    subscribe(channel, params, handlers) {
      const id = `s${nextId++}`;
      let ack!: Sub["ack"];
      const acked = new Promise<void>((resolve, reject) => {
        ack = { resolve, reject, settled: false };
      });
      // a rejection nobody awaits must not crash the process: callers read it through `acked`
      acked.catch(() => {});
      const s: Sub = {
        id,
        channel,
        params,
        handlers: handlers as unknown as SubscriptionHandlers<StreamChannel>,
        ack,
      };
      subs.set(id, s);
      sendSubscribe(s);
      return {
        id,
        acked,
        unsubscribe() {
          if (!subs.delete(id)) return;
          send({ type: "unsubscribe", id });
        },
      };
    },
    get status() {
      return status;
    },
    close() {
      closedByUser = true;
      if (timer) clearTimeout(timer);
      subs.clear();
      if (socket) socket.close(1000);
      else setStatus("closed");
    },
  };
}
