import type { GetResponse, QueryOf } from "./createRestClient.ts";

/** A row of `GET /v1/pool/trades`: the `data` of a `trades` event. */
export type TradeEventData = GetResponse<"/v1/pool/trades">["data"][number];
/** The answer of `GET /v1/token/price`: the `data` of a `token-updates` event. */
export type TokenUpdateData = GetResponse<"/v1/token/price">["data"];

/** `trades` parameters: a chain and exactly one of `pool` or `token`, with the tape's filters. */
export type TradesParams = {
  chain: string;
  maker?: string;
  side?: "buy" | "sell";
  minAmountToken?: number;
  minVolumeNative?: number;
  minVolumeUsd?: number;
  /** Solana only. */
  wash?: "washOnly" | "excludeWash";
} & ({ pool: string; token?: never } | { token: string; pool?: never });

/** `token-updates` parameters: a chain and 1 to 100 token addresses. */
export type TokenUpdatesParams = { chain: string; tokens: string[] };

/** Each channel's parameters and the `data` of its events. */
export type StreamChannels = {
  trades: { params: TradesParams; data: TradeEventData };
  "token-updates": { params: TokenUpdatesParams; data: TokenUpdateData };
  screener: { params: QueryOf<"/v1/screener">; data: GetResponse<"/v1/screener">["data"][number] };
  "screener-pools": {
    params: QueryOf<"/v1/screener/pools">;
    data: GetResponse<"/v1/screener/pools">["data"][number];
  };
};
export type StreamChannel = keyof StreamChannels;

/** An `event` frame: one billable event. */
export type EventFrame<C extends StreamChannel> = {
  type: "event";
  id: string;
  channel: C;
  chain: string;
  data: StreamChannels[C]["data"];
};

/** A `rollback` frame: a reorg removed these trades of one market (not billed). */
export type RollbackFrame = {
  type: "rollback";
  id: string;
  channel: "trades";
  chain: string;
  poolAddress: string;
  ancestorBlock: number;
  orphanedTradeIds: string[];
};

/**
 * A `gap` frame: events of this subscription were lost before the server read them (its bus
 * consumer was cut off longer than the bus retains events). Resynchronize from the REST
 * endpoint of the channel; the events after this frame continue live (not billed).
 */
export type GapFrame = { type: "gap"; id: string; channel: StreamChannel; chain: string };

/** The REST error object, as error frames carry it. */
export type StreamErrorBody = { code: string; message: string; details?: Record<string, unknown> };

/** Every frame the server sends. */
export type ServerFrame =
  | { type: "ready"; limits: { subscriptionsPerConnection: number; maxFrameBytes: number } }
  | { type: "ack"; id: string; channel: StreamChannel }
  | { type: "unsubscribed"; id: string }
  | { type: "pong"; id?: string }
  | { type: "error"; id?: string; error: StreamErrorBody }
  | EventFrame<StreamChannel>
  | RollbackFrame
  | GapFrame;
