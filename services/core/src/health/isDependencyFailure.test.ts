import { describe, expect, it } from "vitest";
import { toApiError } from "../errors.ts";
import { isDependencyFailure } from "./isDependencyFailure.ts";

describe("isDependencyFailure", () => {
  it("recognizes stalled, refused and dropped connections of Redis and Postgres", () => {
    expect(isDependencyFailure(new Error("Command timed out"))).toBe(true);
    expect(
      isDependencyFailure(new Error("Stream isn't writeable and enableOfflineQueue options is false")),
    ).toBe(true);
    expect(isDependencyFailure(new Error("Query read timeout"))).toBe(true);
    expect(isDependencyFailure(new Error("timeout exceeded when trying to connect"))).toBe(true);
    expect(isDependencyFailure(Object.assign(new Error("refused"), { code: "ECONNREFUSED" }))).toBe(true);
    expect(isDependencyFailure(Object.assign(new Error("canceling statement"), { code: "57014" }))).toBe(
      true,
    );
    expect(isDependencyFailure(Object.assign(new Error("lost"), { code: "08006" }))).toBe(true);
    expect(isDependencyFailure(new Error("wrapped", { cause: new Error("Connection is closed.") }))).toBe(
      true,
    );
  });

  it("leaves bugs and bad data alone", () => {
    expect(isDependencyFailure(new TypeError("x is undefined"))).toBe(false);
    expect(isDependencyFailure(Object.assign(new Error("invalid byte sequence"), { code: "22021" }))).toBe(
      false,
    );
    expect(isDependencyFailure(null)).toBe(false);
  });

  it("makes toApiError answer 503 UNAVAILABLE with a retry delay, never 500", () => {
    const err = toApiError(new Error("Command timed out"));
    expect([err.status, err.code, err.retryable]).toEqual([503, "UNAVAILABLE", true]);
    expect(toApiError(new TypeError("bug")).status).toBe(500);
  });
});
