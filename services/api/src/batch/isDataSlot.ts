const DATA_SLOT = Buffer.from('{"data":');

/** True when a serialized batch slot holds data (`{"data":...`), so its item is billed. */
export function isDataSlot(slot: Buffer): boolean {
  return slot.subarray(0, DATA_SLOT.length).equals(DATA_SLOT);
}
