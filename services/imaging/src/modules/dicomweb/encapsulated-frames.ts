/**
 * The frames of encapsulated (compressed) pixel data (PS3.5 A.4): the value is a sequence of items — the Basic
 * Offset Table first, then the fragments — ended by a sequence delimiter. A frame is one or more fragments:
 * - one frame: all fragments;
 * - a Basic Offset Table: each frame starts at its offset (counted from the first fragment item's tag);
 * - as many fragments as frames: one each;
 * - otherwise a fragment that opens a JPEG (FFD8) or JPEG 2000 codestream (FF4F) opens a frame.
 * Positions are byte ranges of `value` (the pixel data element's value as stored), end exclusive.
 */
export class EncapsulatedDataError extends Error {}

export interface ByteRange {
  start: number;
  end: number;
}

interface Item {
  /** Where the item's tag starts. */
  at: number;
  value: ByteRange;
}

export function itemsOf(value: Uint8Array): Item[] {
  const view = new DataView(value.buffer, value.byteOffset, value.byteLength);
  const items: Item[] = [];
  let at = 0;
  while (at + 8 <= value.length) {
    const group = view.getUint16(at, true);
    const element = view.getUint16(at + 2, true);
    const length = view.getUint32(at + 4, true);
    if (group === 0xfffe && element === 0xe0dd) break;
    if (group !== 0xfffe || element !== 0xe000) throw new EncapsulatedDataError(`no item tag at byte ${at}`);
    if (length === 0xffffffff || at + 8 + length > value.length)
      throw new EncapsulatedDataError(`item at byte ${at} runs past the pixel data`);
    items.push({ at, value: { start: at + 8, end: at + 8 + length } });
    at += 8 + length;
  }
  if (items.length === 0) throw new EncapsulatedDataError('no Basic Offset Table item');
  return items;
}

/** Each frame's fragments (byte ranges of `value`), frame 1 first. */
export function framesOf(value: Uint8Array, numberOfFrames: number): ByteRange[][] {
  const [table, ...fragments] = itemsOf(value);
  if (fragments.length === 0) throw new EncapsulatedDataError('no fragments');
  const frames = Math.max(1, numberOfFrames);
  if (frames === 1) return [fragments.map((f) => f.value)];
  const tableLength = table!.value.end - table!.value.start;
  if (tableLength >= 4 * frames) {
    const view = new DataView(value.buffer, value.byteOffset + table!.value.start, tableLength);
    const offsets = Array.from({ length: frames }, (_, i) => view.getUint32(i * 4, true));
    const first = fragments[0]!.at;
    return offsets.map((offset, i) => {
      const next = offsets[i + 1] ?? Number.POSITIVE_INFINITY;
      return fragments.filter((f) => f.at - first >= offset && f.at - first < next).map((f) => f.value);
    });
  }
  if (fragments.length === frames) return fragments.map((f) => [f.value]);
  const out: ByteRange[][] = [];
  for (const f of fragments) {
    const opens =
      value[f.value.start] === 0xff && (value[f.value.start + 1] === 0xd8 || value[f.value.start + 1] === 0x4f);
    if (opens || out.length === 0) out.push([f.value]);
    else out[out.length - 1]!.push(f.value);
  }
  if (out.length !== frames)
    throw new EncapsulatedDataError(`found ${out.length} frames in the fragments, the header says ${frames}`);
  return out;
}

/** One frame's bytes: its fragments joined. */
export function frameBytes(value: Uint8Array, ranges: readonly ByteRange[]): Buffer {
  return Buffer.concat(ranges.map((r) => value.subarray(r.start, r.end)));
}
