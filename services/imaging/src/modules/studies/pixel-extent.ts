/**
 * Where an instance's pixel data ends, found while its bytes stream by (a streamed instance is parsed from its head
 * only: docs/decisions/0205-streamed-instances.md). Native pixel data has its length in its element header; an
 * encapsulated value (PS3.5 A.4) is a run of items — (FFFE,E000) + 32-bit length + value — closed by the sequence
 * delimiter (FFFE,E0DD): the walker reads the 8-byte item headers as they pass and skips the values, so nothing of
 * the file is held. Encapsulated data is always explicit VR little endian.
 */
export class EncapsulatedExtent {
  /** Absolute offset of the next item header still to read. */
  private next: number;
  private pending = Buffer.alloc(0);
  private end: number | null = null;
  private broken: string | null = null;

  /** `valueOffset`: where the encapsulated value starts in the file (its Basic Offset Table item). */
  constructor(private readonly valueOffset: number) {
    this.next = valueOffset;
  }

  /** Feeds the file's bytes from `at` on (chunks in order, without gaps). */
  push(chunk: Uint8Array, at: number): void {
    if (this.end !== null || this.broken !== null) return;
    let position = at;
    let bytes = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    while (bytes.length > 0 && this.end === null && this.broken === null) {
      if (position + bytes.length <= this.next) return; // inside an item's value
      if (position < this.next) {
        bytes = bytes.subarray(this.next - position);
        position = this.next;
      }
      const needed = 8 - this.pending.length;
      const take = bytes.subarray(0, needed);
      this.pending = Buffer.concat([this.pending, take]);
      bytes = bytes.subarray(take.length);
      position += take.length;
      if (this.pending.length < 8) return;
      const group = this.pending.readUInt16LE(0);
      const element = this.pending.readUInt16LE(2);
      const length = this.pending.readUInt32LE(4);
      const headerAt = this.next;
      this.pending = Buffer.alloc(0);
      if (group === 0xfffe && element === 0xe0dd) this.end = headerAt;
      else if (group === 0xfffe && element === 0xe000 && length !== 0xffffffff) this.next = headerAt + 8 + length;
      else this.broken = `an encapsulated pixel data item at byte ${headerAt} is not an item`;
    }
  }

  /** The value's length without the sequence delimiter, or why it cannot be known (truncated, not items). */
  result(): { ok: true; length: number } | { ok: false; detail: string } {
    if (this.broken) return { ok: false, detail: this.broken };
    if (this.end === null)
      return { ok: false, detail: 'the encapsulated pixel data has no sequence delimiter (truncated)' };
    return { ok: true, length: this.end - this.valueOffset };
  }
}
