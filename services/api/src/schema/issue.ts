import { ApiError } from "@tapeline/core";
import type { z } from "zod";

/**
 * Runs a core parser inside a zod transform: an ApiError it throws (e.g. InvalidParamError)
 * becomes a zod issue with its message, so the request layer reports it like any other.
 */
export function viaParser<I, O>(parse: (value: I) => O) {
  return (value: I, ctx: z.core.$RefinementCtx<I>): O => {
    try {
      return parse(value);
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      ctx.issues.push({ code: "custom", message: stripParamPrefix(err.message), input: value });
      return undefined as never;
    }
  };
}

// Core parsers name the parameter in their messages; the request layer names it again.
function stripParamPrefix(message: string): string {
  return message.replace(/^[A-Za-z0-9_.]+ /, "");
}
