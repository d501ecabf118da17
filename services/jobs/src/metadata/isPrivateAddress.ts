import { isIPv4, isIPv6 } from "node:net";

/** IPv4 ranges no metadata fetch may reach: private, loopback, link-local, shared, reserved, multicast. */
const V4_BLOCKED: [string, number][] = [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
];

const v4Int = (ip: string) => ip.split(".").reduce((n, p) => n * 256 + Number(p), 0);

function v4Blocked(ip: string): boolean {
  const n = v4Int(ip);
  return V4_BLOCKED.some(([base, bits]) => {
    const size = 2 ** (32 - bits);
    return Math.floor(n / size) === Math.floor(v4Int(base) / size);
  });
}

/** The eight 16-bit groups of an IPv6 address (an embedded dotted IPv4 tail expanded). */
function v6Groups(ip: string): number[] {
  let s = ip.toLowerCase().split("%")[0] as string;
  const tail = s.match(/(\d+\.\d+\.\d+\.\d+)$/)?.[1];
  if (tail) {
    const n = v4Int(tail);
    s = `${s.slice(0, -tail.length)}${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const [head = "", rest] = s.split("::");
  const a = head ? head.split(":") : [];
  const b = rest !== undefined && rest !== "" ? rest.split(":") : [];
  const fill = rest === undefined ? [] : new Array(8 - a.length - b.length).fill("0");
  return [...a, ...fill, ...b].map((g) => Number.parseInt(g, 16));
}

function v6Blocked(ip: string): boolean {
  const g = v6Groups(ip);
  const [g0 = 0, g1 = 0, , , , g5 = 0, g6 = 0, g7 = 0] = g;
  const embedded = `${g6 >> 8}.${g6 & 0xff}.${g7 >> 8}.${g7 & 0xff}`;
  if (g.slice(0, 5).every((x) => x === 0) && g5 === 0xffff) return v4Blocked(embedded); // ::ffff:a.b.c.d
  if (g0 === 0x64 && g1 === 0xff9b && g.slice(2, 6).every((x) => x === 0)) return v4Blocked(embedded); // NAT64
  if (g.slice(0, 7).every((x) => x === 0)) return true; // :: and ::1 (and the old ::a.b.c.d)
  if ((g0 & 0xfe00) === 0xfc00) return true; // fc00::/7 unique local
  if ((g0 & 0xffc0) === 0xfe80) return true; // fe80::/10 link-local
  if ((g0 & 0xff00) === 0xff00) return true; // ff00::/8 multicast
  if (g0 === 0x2001 && g1 === 0x0db8) return true; // documentation
  return false;
}

/**
 * True when `ip` (v4 or v6) is an address a fetch of public metadata must never reach: private,
 * loopback, link-local, carrier-grade shared, documentation, benchmarking, multicast or reserved,
 * including IPv4 addresses mapped or translated into IPv6. Anything that is not an IP is refused.
 */
export function isPrivateAddress(ip: string): boolean {
  if (isIPv4(ip)) return v4Blocked(ip);
  if (isIPv6(ip)) return v6Blocked(ip);
  return true;
}

/** True for 127.0.0.0/8, ::1 and ::ffff:127.x (the only addresses a test-only fetch may reach). */
export function isLoopbackAddress(ip: string): boolean {
  if (isIPv4(ip)) return ip.startsWith("127.");
  if (!isIPv6(ip)) return false;
  const g = v6Groups(ip);
  if (g.slice(0, 7).every((x) => x === 0) && g[7] === 1) return true;
  return g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff && (g[6] ?? 0) >> 8 === 127;
}
