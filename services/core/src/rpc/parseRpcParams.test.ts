import { describe, expect, it } from "vitest";
import { InvalidParamError } from "../errors.ts";
import { parseRpcParams } from "./parseRpcParams.ts";
import { UnknownRpcMethodError } from "./UnknownRpcMethodError.ts";

const ref = { chain: "evm:8453", address: "0x4200000000000000000000000000000000000006" };

describe("parseRpcParams", () => {
  it("answers the params of a listed method", () => {
    expect(parseRpcParams("poolDefinition", [ref])).toEqual([ref]);
    expect(parseRpcParams("listChains", [])).toEqual([]);
  });

  it("refuses a method the contract does not list, prototype keys included", () => {
    for (const name of ["whoami", "constructor", "toString", "__proto__"]) {
      const err = (() => {
        try {
          parseRpcParams(name, []);
        } catch (e) {
          return e;
        }
      })();
      expect(err).toBeInstanceOf(UnknownRpcMethodError);
      expect((err as UnknownRpcMethodError).toBody()).toEqual({
        error: { code: "NOT_FOUND", message: `unknown query method ${name}`, details: { method: name } },
      });
    }
  });

  it("names the path of params outside the method's schema", () => {
    const cases: [string, unknown, string][] = [
      ["poolDefinition", [{ ...ref, chain: "evm:0" }], "0.chain"],
      ["poolDefinition", [{ ...ref, extra: 1 }], "0"],
      ["poolDefinition", [], ""],
      ["tokenPools", [{ ...ref, limit: 101 }], "0.limit"],
      ["poolOhlcv", [{ ...ref, interval: "2m", limit: 10, quote: "native", fill: true }], "0.interval"],
      ["listChains", [1], ""],
    ];
    for (const [method, params, path] of cases) {
      let err: unknown;
      try {
        parseRpcParams(method, params);
      } catch (e) {
        err = e;
      }
      expect(err, method).toBeInstanceOf(InvalidParamError);
      expect((err as InvalidParamError).details).toEqual({ param: "params", path });
    }
  });
});
