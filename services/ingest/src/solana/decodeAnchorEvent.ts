import { ANCHOR_EVENT_LAYOUTS, type BorshType } from "./anchorEventLayouts.ts";
import { BorshReader } from "./BorshReader.ts";
import { discriminatorHex } from "./discriminatorHex.ts";
import { ANCHOR_EVENT_IX_TAG } from "./solanaPrograms.ts";

export type AnchorEventValue = string | bigint | number | boolean;
export type AnchorEvent = { name: string; fields: Record<string, AnchorEventValue> };

function read(r: BorshReader, t: BorshType): AnchorEventValue {
  switch (t) {
    case "u8":
      return r.u8();
    case "bool":
      return r.bool();
    case "u16":
      return r.u16();
    case "u32":
      return r.u32();
    case "i32":
      return r.i32();
    case "u64":
      return r.u64();
    case "i64":
      return r.i64();
    case "u128":
      return r.u128();
    case "pubkey":
      return r.pubkey();
    case "string":
      return r.string();
  }
}

const SIZE: Partial<Record<BorshType, number>> = {
  u8: 1,
  bool: 1,
  u16: 2,
  u32: 4,
  i32: 4,
  u64: 8,
  i64: 8,
  u128: 16,
  pubkey: 32,
};

/**
 * Decodes the data of an Anchor self-CPI event instruction (`emit_cpi!`: the event tag, the
 * event discriminator, then the Borsh fields) of a program whose layouts are known. Fields the
 * event does not carry (older program versions) are absent from the result.
 * @returns the event, or null when the data is not a known event of that program.
 */
export function decodeAnchorEvent(programId: string, data: Uint8Array): AnchorEvent | null {
  if (data.length < 16) return null;
  for (let i = 0; i < 8; i++) if (data[i] !== ANCHOR_EVENT_IX_TAG[i]) return null;
  const layouts = ANCHOR_EVENT_LAYOUTS.get(programId);
  if (!layouts) return null;
  const disc = discriminatorHex(data.subarray(8, 16));
  const layout = layouts.find((l) => l.discriminator === disc);
  if (!layout) return null;
  const r = new BorshReader(data, 16);
  const fields: Record<string, AnchorEventValue> = {};
  for (const [name, type] of layout.fields) {
    const size = SIZE[type];
    if (size !== undefined && r.remaining < size) break;
    if (type === "string" && r.remaining < 4) break;
    fields[name] = read(r, type);
  }
  return { name: layout.name, fields };
}
