import { InvalidParamError } from "../errors.ts";
import type { StatsWindow } from "../ports/marketQueries.ts";
import { resolveScreenerField, type ScreenerField } from "./screenerFields.ts";

/** Bounds of a filter tree; beyond them a tree is refused with reason `too_large` or `too_deep`. */
export const FILTER_LIMITS = {
  /** characters of the `filters` JSON text */
  maxChars: 8_192,
  /** nesting of AND, OR and NOT groups above a comparison */
  maxDepth: 8,
  /** comparisons and groups in the whole tree */
  maxNodes: 128,
  /** values of one `in` list */
  maxInValues: 100,
  /** characters of one text value */
  maxTextChars: 200,
} as const;

export const NUMBER_OPERATORS = ["equals", "not", "in", "gt", "gte", "lt", "lte"] as const;
export const TEXT_OPERATORS = ["equals", "not", "in", "contains", "startsWith", "endsWith"] as const;
const ALL_OPERATORS = new Set<string>([...NUMBER_OPERATORS, ...TEXT_OPERATORS]);
export type FilterOperator = (typeof NUMBER_OPERATORS)[number] | (typeof TEXT_OPERATORS)[number];

/** Why a filter was refused (`details.reason` of the 400). */
export type FilterErrorReason =
  | "malformed_json"
  | "not_an_object"
  | "empty"
  | "unknown_field"
  | "unknown_operator"
  | "operator_not_allowed"
  | "invalid_value"
  | "too_deep"
  | "too_large";

/** A parsed filter tree: the form both validation and evaluation use. */
export type FilterNode =
  | { kind: "and" | "or"; children: FilterNode[] }
  | { kind: "not"; child: FilterNode }
  | { kind: "number"; field: ScreenerField; op: FilterOperator; values: number[] }
  | { kind: "text"; field: ScreenerField; op: FilterOperator; values: string[] };

const GROUPS = new Set(["AND", "OR", "NOT"]);
const DECIMAL = /^-?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/;

/** A refused filter: 400 INVALID_PARAM with `details.param` = `filters`, `field` and `reason`. */
export function filterError(
  field: string | null,
  reason: FilterErrorReason,
  message: string,
): InvalidParamError {
  return new InvalidParamError("filters", message, { field, reason });
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * Parses the `filters` parameter: `{ <field>: { <operator>: <value> } }` combined with `AND` and
 * `OR` (arrays of trees) and `NOT` (a tree, or an array read as their AND) at any depth up to
 * {@link FILTER_LIMITS}. Several keys in one object, or several operators on one field, all
 * apply (AND). Bare counters (`volumeUsd`, `txns` …) read `timeframe`.
 * @param input the JSON text of the parameter, or an already parsed value
 * @throws InvalidParamError (`filters`) with `details.field` and `details.reason`
 * @example parseScreenerFilter('{"OR":[{"symbol":{"startsWith":"pe"}},{"volumeUsd":{"gt":1000}}]}', "24h")
 */
export function parseScreenerFilter(input: unknown, timeframe: StatsWindow): FilterNode {
  let tree = input;
  if (typeof input === "string") {
    if (input.length > FILTER_LIMITS.maxChars) {
      throw filterError(null, "too_large", `filters is longer than ${FILTER_LIMITS.maxChars} characters`);
    }
    try {
      tree = JSON.parse(input);
    } catch {
      throw filterError(null, "malformed_json", "filters is not valid JSON");
    }
  }
  let nodes = 0;
  const count = (field: string | null): void => {
    nodes += 1;
    if (nodes > FILTER_LIMITS.maxNodes) {
      throw filterError(field, "too_large", `filters holds more than ${FILTER_LIMITS.maxNodes} conditions`);
    }
  };

  const parseTree = (value: unknown, depth: number, at: string | null): FilterNode => {
    if (!isPlainObject(value)) throw filterError(at, "not_an_object", "a filter tree must be a JSON object");
    const keys = Object.keys(value);
    if (keys.length === 0) throw filterError(at, "empty", "a filter tree must name a field or a group");
    const parts = keys.map((key) => parseEntry(key, value[key], depth));
    if (parts.length === 1) return parts[0]!;
    count(at);
    return { kind: "and", children: parts };
  };

  const parseGroup = (key: string, value: unknown, depth: number): FilterNode => {
    if (depth >= FILTER_LIMITS.maxDepth) {
      throw filterError(key, "too_deep", `filters nests groups deeper than ${FILTER_LIMITS.maxDepth}`);
    }
    count(key);
    if (key === "NOT") {
      const child = Array.isArray(value)
        ? parseList(key, value, depth + 1)
        : parseTree(value, depth + 1, key);
      return { kind: "not", child };
    }
    if (!Array.isArray(value))
      throw filterError(key, "invalid_value", `${key} takes an array of filter trees`);
    return parseList(key, value, depth + 1);
  };

  const parseList = (key: string, value: unknown[], depth: number): FilterNode => {
    if (value.length === 0) throw filterError(key, "empty", `${key} takes at least one filter tree`);
    const children = value.map((v) => parseTree(v, depth, key));
    return { kind: key === "OR" ? "or" : "and", children };
  };

  const parseEntry = (key: string, value: unknown, depth: number): FilterNode => {
    if (GROUPS.has(key)) return parseGroup(key, value, depth);
    const field = resolveScreenerField(key, timeframe);
    if (!field) throw filterError(key, "unknown_field", `unknown filter field ${key}`);
    if (!isPlainObject(value)) {
      throw filterError(key, "invalid_value", `${key} takes an object of operators, e.g. { "gt": 1 }`);
    }
    const ops = Object.keys(value);
    if (ops.length === 0) throw filterError(key, "empty", `${key} names no operator`);
    const parts = ops.map((op) => parseComparison(key, field, op, value[op]));
    if (parts.length === 1) return parts[0]!;
    count(key);
    return { kind: "and", children: parts };
  };

  const parseComparison = (key: string, field: ScreenerField, op: string, raw: unknown): FilterNode => {
    count(key);
    if (!ALL_OPERATORS.has(op))
      throw filterError(key, "unknown_operator", `unknown operator ${op} on ${key}`);
    const allowed: readonly string[] = field.kind === "number" ? NUMBER_OPERATORS : TEXT_OPERATORS;
    if (!allowed.includes(op)) {
      throw filterError(
        key,
        "operator_not_allowed",
        `${op} does not apply to the ${field.kind} field ${key}`,
      );
    }
    const list = op === "in";
    if (list && (!Array.isArray(raw) || raw.length === 0 || raw.length > FILTER_LIMITS.maxInValues)) {
      throw filterError(key, "invalid_value", `in on ${key} takes 1 to ${FILTER_LIMITS.maxInValues} values`);
    }
    const raws = list ? (raw as unknown[]) : [raw];
    if (field.kind === "number") {
      return {
        kind: "number",
        field,
        op: op as FilterOperator,
        values: raws.map((v) => toNumber(key, op, v)),
      };
    }
    return { kind: "text", field, op: op as FilterOperator, values: raws.map((v) => toText(key, op, v)) };
  };

  return parseTree(tree, 0, null);
}

function toNumber(key: string, op: string, v: unknown): number {
  const n = typeof v === "number" ? v : typeof v === "string" && DECIMAL.test(v) ? Number(v) : Number.NaN;
  if (!Number.isFinite(n)) throw filterError(key, "invalid_value", `${op} on ${key} takes a finite number`);
  return n;
}

function toText(key: string, op: string, v: unknown): string {
  if (typeof v !== "string" || v.length === 0 || v.length > FILTER_LIMITS.maxTextChars) {
    throw filterError(
      key,
      "invalid_value",
      `${op} on ${key} takes a text of 1 to ${FILTER_LIMITS.maxTextChars} characters`,
    );
  }
  return v.toLowerCase();
}
