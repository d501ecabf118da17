import { readFileSync } from "node:fs";
import { toFunctionSelector } from "viem";
import { describe, expect, it } from "vitest";
import { generateSimulatorBytecode } from "../../../../scripts/compileSecuritySimulator.ts";
import { simulationOutcome } from "./readEvmSecurity.ts";
import { hexBytes, minimalProxyTarget, pushedSelectors, riskyFunctions } from "./scanCode.ts";

const sel = (s: string) => toFunctionSelector(s).slice(2);

describe("pushedSelectors", () => {
  it("reads PUSH4 constants and never the data of other pushes", () => {
    const mint = sel("mint(address,uint256)");
    // PUSH2 0x6340 (data holding a PUSH4 opcode), PUSH4 <mint>, PUSH32 <a PUSH4 of pause() inside>, STOP
    const code = hexBytes(`0x616340` + `63${mint}` + `7f63${sel("pause()")}${"00".repeat(27)}` + "00");
    expect([...pushedSelectors(code)]).toEqual([mint]);
    expect(riskyFunctions(code)).toEqual({ mint: true, pause: false, blacklist: false });
  });

  it("does not read a PUSH4 cut off by the end of the code", () => {
    expect(pushedSelectors(hexBytes("0x6340c10f")).size).toBe(0);
  });
});

describe("minimalProxyTarget", () => {
  it("reads the target of an EIP-1167 clone and nothing else", () => {
    const target = "bebc44782c7db0a1a60cb6fe97d0b483032ff1c7";
    const code = hexBytes(`0x363d3d373d3d3d363d73${target}5af43d82803e903d91602b57fd5bf3`);
    expect(minimalProxyTarget(code)).toBe(`0x${target}`);
    expect(minimalProxyTarget(hexBytes("0x6080604052"))).toBeNull();
  });
});

describe("simulationOutcome", () => {
  const pool = { kind: "v2" as const, address: "0xpair", quote: "0xweth", feeBps: 30 };
  it("reads taxes from the amounts that moved", () => {
    const s = simulationOutcome(pool, 1000n, [1000n, 950n, 950n, 380n, 1n, 1n], 0);
    expect(s).toEqual({
      outcome: "ok",
      pool: "0xpair",
      amountIn: "1000",
      buyTaxPct: 5,
      sellTaxPct: 60,
      isHoneypot: true,
    });
    expect(simulationOutcome(pool, 1000n, [1000n, 1000n, 1000n, 501n, 1n, 1n], 0).isHoneypot).toBe(false);
  });
  it("flags a failed sale and leaves a failed buy unknown", () => {
    // the tokens reached the pool (their tax measured), then the pool refused the swap
    expect(simulationOutcome(pool, 1000n, [1000n, 1000n, 1000n, 900n, 0n, 0n], 3)).toMatchObject({
      outcome: "sell_failed",
      sellTaxPct: 10,
      isHoneypot: true,
    });
    expect(simulationOutcome(pool, 1000n, [1000n, 1000n, 1000n, 0n, 0n, 0n], 2)).toMatchObject({
      outcome: "sell_failed",
      buyTaxPct: 0,
      sellTaxPct: null,
      isHoneypot: true,
    });
    expect(simulationOutcome(pool, 1000n, [1000n, 0n, 0n, 0n, 0n, 0n], 1)).toMatchObject({
      outcome: "buy_failed",
      buyTaxPct: null,
      isHoneypot: null,
    });
  });
});

describe("simulator bytecode", () => {
  it("equals what the source compiles to (run `npx tsx scripts/compileSecuritySimulator.ts` when not)", () => {
    const committed = readFileSync(new URL("./simulatorBytecode.ts", import.meta.url), "utf8");
    expect(committed).toBe(generateSimulatorBytecode());
  });
});
