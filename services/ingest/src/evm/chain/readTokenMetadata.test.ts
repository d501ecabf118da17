import { encodeAbiParameters, stringToHex } from "viem";
import { describe, expect, it } from "vitest";
import { decodeStringOrBytes32 } from "./readTokenMetadata.ts";

describe("decodeStringOrBytes32", () => {
  it("reads an ABI string answer", () => {
    expect(decodeStringOrBytes32(encodeAbiParameters([{ type: "string" }], ["Wrapped Ether"]), "name")).toBe(
      "Wrapped Ether",
    );
  });

  it("reads a bytes32 answer (MKR, SAI style) without its zero padding", () => {
    expect(decodeStringOrBytes32(stringToHex("MKR", { size: 32 }), "symbol")).toBe("MKR");
  });

  it("answers null, never throws, for nothing, empty or undecodable answers", () => {
    expect(decodeStringOrBytes32(null, "symbol")).toBeNull();
    expect(decodeStringOrBytes32(stringToHex("", { size: 32 }), "symbol")).toBeNull();
    expect(decodeStringOrBytes32("0x1234", "symbol")).toBeNull();
    expect(decodeStringOrBytes32(`0x${"ff".repeat(32)}`, "symbol")).toBeNull();
  });
});
