import type { FilterNode } from "./parseScreenerFilter.ts";
import type { ScreenerView } from "./screenerFields.ts";
import type { UniverseMarket } from "./universeTypes.ts";

/**
 * Evaluates a parsed filter on a market with three-valued logic: a comparison on an unknown value
 * is unknown (null), NOT of unknown stays unknown, AND is false on any false and OR true on any
 * true. A market passes only when the tree is true, so an unknown value never passes a numeric
 * bound, not even through NOT. Text comparisons ignore case.
 */
export function evaluateScreenerFilter(
  node: FilterNode,
  m: UniverseMarket,
  view: ScreenerView,
): boolean | null {
  switch (node.kind) {
    case "and": {
      let unknown = false;
      for (const c of node.children) {
        const r = evaluateScreenerFilter(c, m, view);
        if (r === false) return false;
        if (r === null) unknown = true;
      }
      return unknown ? null : true;
    }
    case "or": {
      let unknown = false;
      for (const c of node.children) {
        const r = evaluateScreenerFilter(c, m, view);
        if (r === true) return true;
        if (r === null) unknown = true;
      }
      return unknown ? null : false;
    }
    case "not": {
      const r = evaluateScreenerFilter(node.child, m, view);
      return r === null ? null : !r;
    }
    case "number": {
      const v = node.field.get(m, view);
      if (typeof v !== "number") return null;
      const x = node.values[0]!;
      switch (node.op) {
        case "equals":
          return v === x;
        case "not":
          return v !== x;
        case "in":
          return node.values.includes(v);
        case "gt":
          return v > x;
        case "gte":
          return v >= x;
        case "lt":
          return v < x;
        case "lte":
          return v <= x;
        default:
          return null;
      }
    }
    case "text": {
      const raw = node.field.get(m, view);
      if (typeof raw !== "string") return null;
      const v = raw.toLowerCase();
      const x = node.values[0]!;
      switch (node.op) {
        case "equals":
          return v === x;
        case "not":
          return v !== x;
        case "in":
          return node.values.includes(v);
        case "contains":
          return v.includes(x);
        case "startsWith":
          return v.startsWith(x);
        case "endsWith":
          return v.endsWith(x);
        default:
          return null;
      }
    }
  }
}

/**
 * A stable text of a parsed tree (canonical field names, lower-cased texts), so two spellings of
 * one filter (aliases, key order of an operator object aside) belong to the same cursor view.
 */
export function canonicalFilter(node: FilterNode): string {
  switch (node.kind) {
    case "and":
    case "or":
      return `${node.kind}(${node.children.map(canonicalFilter).join(",")})`;
    case "not":
      return `not(${canonicalFilter(node.child)})`;
    default:
      return `${node.field.name} ${node.op} ${JSON.stringify(node.values)}`;
  }
}
