import { decodeBase58 } from "@tapeline/core";

const key = (k: string) => {
  const b = decodeBase58(k);
  if (b?.length !== 32) throw new Error(`bad key ${k}`);
  return b;
};

/** Writes little-endian fields, as the token programs lay out their accounts. */
export class MintWriter {
  bytes: number[] = [];
  u8(v: number) {
    this.bytes.push(v & 0xff);
    return this;
  }
  u16(v: number) {
    return this.u8(v).u8(v >> 8);
  }
  u32(v: number) {
    return this.u16(v & 0xffff).u16(v >>> 16);
  }
  u64(v: bigint) {
    for (let i = 0n; i < 8n; i++) this.u8(Number((v >> (8n * i)) & 0xffn));
    return this;
  }
  key(k: string | null) {
    for (const b of k ? key(k) : new Uint8Array(32)) this.u8(b);
    return this;
  }
  str(s: string) {
    const b = new TextEncoder().encode(s);
    this.u32(b.length);
    for (const x of b) this.u8(x);
    return this;
  }
  pad(to: number) {
    while (this.bytes.length < to) this.u8(0);
    return this;
  }
  tlv(type: number, value: MintWriter) {
    return this.u16(type).u16(value.bytes.length).raw(value.bytes);
  }
  raw(b: number[]) {
    for (const x of b) this.u8(x);
    return this;
  }
  done() {
    return Uint8Array.from(this.bytes);
  }
}

/** The 82-byte Mint layout: COption mint authority, supply, decimals, initialized, COption freeze authority. */
export function mintBase(
  mint: string | null,
  supply: bigint,
  decimals: number,
  freeze: string | null,
): MintWriter {
  return new MintWriter()
    .u32(mint ? 1 : 0)
    .key(mint)
    .u64(supply)
    .u8(decimals)
    .u8(1)
    .u32(freeze ? 1 : 0)
    .key(freeze);
}
