import { bytesToBase58 } from "./bytesToBase58.ts";

const UTF8 = new TextDecoder();

/**
 * UTF-8 text of event string fields (names, symbols, URIs, instruction names): almost always
 * ASCII, which is read here byte by byte; a TextDecoder call cost more than a whole transfer's
 * decoding, and a decoder per field more still.
 */
function utf8(bytes: Uint8Array): string {
  let s = "";
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!;
    if (b >= 0x80) return UTF8.decode(bytes);
    s += String.fromCharCode(b);
  }
  return s;
}

/** Reads little-endian Borsh values from a byte array; `remaining` tells how much is left. */
export class BorshReader {
  private readonly view: DataView;
  offset: number;

  constructor(
    private readonly bytes: Uint8Array,
    offset = 0,
  ) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    this.offset = offset;
  }

  get remaining(): number {
    return this.bytes.length - this.offset;
  }

  private need(n: number): void {
    if (this.offset + n > this.bytes.length) throw new RangeError(`borsh: need ${n} bytes at ${this.offset}`);
  }

  u8(): number {
    this.need(1);
    return this.view.getUint8(this.offset++);
  }

  bool(): boolean {
    return this.u8() !== 0;
  }

  u16(): number {
    this.need(2);
    const v = this.view.getUint16(this.offset, true);
    this.offset += 2;
    return v;
  }

  u32(): number {
    this.need(4);
    const v = this.view.getUint32(this.offset, true);
    this.offset += 4;
    return v;
  }

  i32(): number {
    this.need(4);
    const v = this.view.getInt32(this.offset, true);
    this.offset += 4;
    return v;
  }

  u64(): bigint {
    this.need(8);
    const v = this.view.getBigUint64(this.offset, true);
    this.offset += 8;
    return v;
  }

  i64(): bigint {
    this.need(8);
    const v = this.view.getBigInt64(this.offset, true);
    this.offset += 8;
    return v;
  }

  u128(): bigint {
    const lo = this.u64();
    const hi = this.u64();
    return (hi << 64n) | lo;
  }

  pubkey(): string {
    this.need(32);
    const v = bytesToBase58(this.bytes.subarray(this.offset, this.offset + 32));
    this.offset += 32;
    return v;
  }

  string(): string {
    const len = this.u32();
    this.need(len);
    const v = utf8(this.bytes.subarray(this.offset, this.offset + len));
    this.offset += len;
    return v;
  }
}
