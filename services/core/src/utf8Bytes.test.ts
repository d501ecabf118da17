import { describe, expect, it } from "vitest";
import { utf8Bytes } from "./utf8Bytes.ts";

describe("utf8Bytes", () => {
  it("gives the UTF-8 bytes of short and long texts, ASCII or not, as Buffers", () => {
    const texts = [
      "",
      '{"symbol":"WETH"}',
      `{"name":"Pépé 🐸","data":[${'{"x":1.25},'.repeat(2000)}null]}`,
      "é".repeat(5000),
      "🐸".repeat(3000),
    ];
    for (const text of texts) {
      const bytes = utf8Bytes(text);
      expect(Buffer.isBuffer(bytes)).toBe(true);
      expect(bytes.length).toBe(Buffer.byteLength(text, "utf8"));
      expect(bytes.toString("utf8")).toBe(text);
    }
  });
});
