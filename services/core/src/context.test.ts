import { PassThrough } from "node:stream";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { logDestination } from "./context.ts";

function logOnce(format: string | undefined, isTerminal: boolean): string {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on("data", (c: Buffer) => chunks.push(c));
  const logger = pino({ name: "svc" }, logDestination(format, isTerminal, out));
  logger.info({ chain: "evm:1", block: 42 }, "range written");
  return Buffer.concat(chunks).toString("utf8");
}

describe("log destination", () => {
  it("writes readable lines on a terminal and JSON when piped", () => {
    const readable = logOnce(undefined, true);
    expect(readable).toMatch(/INFO.*\(svc\): range written/);
    expect(readable).toContain('chain: "evm:1"');
    expect(() => JSON.parse(readable)).toThrow();
    const json = JSON.parse(logOnce(undefined, false));
    expect(json).toMatchObject({ level: 30, name: "svc", chain: "evm:1", block: 42, msg: "range written" });
  });

  it("follows LOG_FORMAT over the guess and refuses other values", () => {
    expect(JSON.parse(logOnce("json", true)).msg).toBe("range written");
    expect(logOnce("pretty", false)).toMatch(/range written/);
    expect(() => logDestination("yaml", true)).toThrow(/LOG_FORMAT must be json or pretty/);
  });
});
