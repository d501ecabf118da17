import type { ChainId } from "@tapeline/core";
import type { Logger } from "pino";
import type { ScreenerLister, ScreenerQuery } from "../endpoints/screener/createScreenerEndpoints.ts";
import type { UniverseReader } from "../endpoints/screener/createUniverseReader.ts";
import type { HubSubscription, StreamSink } from "./createStreamHub.ts";
import { prefixed } from "./parseScreenerParams.ts";

type ScreenerChannel = "screener" | "screener-pools";
type Row = { chain: string; address: string; pool: { address?: string }; ageSeconds?: unknown };

export type ScreenerFeed = {
  /**
   * Follows the first page of a screener view: sends its rows as `enter` events at once, then, at
   * each new universe computation of its chains, the rows that entered, changed or left the page.
   * @throws InvalidParamError when the view cannot be listed (a bad filter, sort or window)
   */
  subscribe(
    id: string,
    channel: ScreenerChannel,
    q: ScreenerQuery,
    sink: StreamSink,
  ): Promise<HubSubscription>;
  close(): void;
};

type Sub = {
  id: string;
  channel: ScreenerChannel;
  q: ScreenerQuery;
  sink: StreamSink;
  rows: Map<string, { row: Row; same: string }>;
  versions: string;
  busy: boolean;
  open: boolean;
};

/** A row's identity on the page: its market. */
const rowKey = (r: Row) => `${r.chain}/${r.pool.address ?? r.address}`;
/** What a change is judged on: everything but the age, which moves with the clock alone. */
const sameness = (r: Row) => JSON.stringify({ ...r, ageSeconds: undefined });

/**
 * The screener channels of one router process. Universe computations come every few seconds per
 * chain (the jobs write them); each subscription's page is listed again, by the same code as
 * `GET /v1/screener`, only when a computation of one of its chains is new, and diffed by market.
 */
export function createScreenerFeed(deps: {
  list: ScreenerLister;
  reader: UniverseReader;
  logger: Logger;
  /** How often the chains' latest computations are looked at (default 1000 ms). */
  pollMs?: number;
}): ScreenerFeed {
  const subs = new Set<Sub>();
  const timer = setInterval(() => {
    for (const s of subs) void refresh(s);
  }, deps.pollMs ?? 1_000);
  timer.unref();

  async function versionsOf(q: ScreenerQuery): Promise<string> {
    const chains = [...new Set(q.chains)].sort() as ChainId[];
    const v = await Promise.all(chains.map((c) => deps.reader.latest(c)));
    return v.join(",");
  }

  async function page(q: ScreenerQuery): Promise<Row[]> {
    const { body } = await deps.list(q);
    return (body as { data: Row[] }).data;
  }

  function send(s: Sub, op: "enter" | "change" | "leave", row: Row): void {
    s.sink.push(
      JSON.stringify({ type: "event", id: s.id, channel: s.channel, chain: row.chain, op, data: row }),
      s.channel,
      true,
    );
  }

  async function refresh(s: Sub): Promise<void> {
    if (s.busy || !s.open) return;
    s.busy = true;
    try {
      const versions = await versionsOf(s.q);
      if (versions === s.versions) return;
      const rows = await page(s.q);
      if (!s.open) return;
      s.versions = versions;
      const next = new Map<string, { row: Row; same: string }>();
      for (const row of rows) {
        const key = rowKey(row);
        const same = sameness(row);
        next.set(key, { row, same });
        const before = s.rows.get(key);
        if (!before) send(s, "enter", row);
        else if (before.same !== same) send(s, "change", row);
      }
      for (const [key, { row }] of s.rows) if (!next.has(key)) send(s, "leave", row);
      s.rows = next;
    } catch (err) {
      deps.logger.warn({ err, id: s.id }, "screener stream refresh failed; trying again at the next poll");
    } finally {
      s.busy = false;
    }
  }

  return {
    async subscribe(id, channel, q, sink) {
      const s: Sub = { id, channel, q, sink, rows: new Map(), versions: "", busy: true, open: true };
      try {
        s.versions = await versionsOf(q);
        const rows = await page(q);
        for (const row of rows) s.rows.set(rowKey(row), { row, same: sameness(row) });
      } catch (err) {
        throw prefixed(err);
      }
      subs.add(s);
      // the full list goes right after the ack the caller sends once this resolves
      setImmediate(() => {
        if (!s.open) return;
        for (const { row } of s.rows.values()) send(s, "enter", row);
        s.busy = false;
      });
      return {
        close() {
          s.open = false;
          subs.delete(s);
        },
      };
    },
    close() {
      clearInterval(timer);
      for (const s of subs) s.open = false;
      subs.clear();
    },
  };
}
