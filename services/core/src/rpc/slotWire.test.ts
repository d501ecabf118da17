import { describe, expect, it } from "vitest";
import { joinSlots, splitSlots } from "./slotWire.ts";

const slot = (v: unknown) => Buffer.from(JSON.stringify(v));

describe("joinSlots / splitSlots", () => {
  it("round-trips slots holding commas, brackets and multi-byte text", () => {
    const slots = [
      slot({ data: { a: [1, 2], s: "],[" } }),
      slot({ error: { code: "NOT_FOUND", message: "ü" } }),
    ];
    const { body, lengths } = joinSlots(slots);
    expect(JSON.parse(body.toString())).toEqual(slots.map((s) => JSON.parse(s.toString())));
    expect(splitSlots(body, lengths, 2).map((s) => s.toString())).toEqual(slots.map((s) => s.toString()));
    const empty = joinSlots([]);
    expect(splitSlots(empty.body, empty.lengths, 0)).toEqual([]);
  });

  it("refuses a body its lengths do not frame", () => {
    const { body, lengths } = joinSlots([slot({ data: 1 }), slot({ data: 22 })]);
    expect(() => splitSlots(body, lengths, 3)).toThrow(/expected 3/);
    expect(() => splitSlots(body, undefined, 2)).toThrow();
    expect(() => splitSlots(body, "9,12", 2)).toThrow(/not framed|overruns/);
    expect(() => splitSlots(Buffer.concat([body, Buffer.from(" ")]), lengths, 2)).toThrow(/after its last/);
  });
});
