/**
 * ASTM E1381 (CLSI LIS1-A) low-level framing over TCP, the small part no maintained npm library covers
 * (docs/decisions/0304): the sender's ENQ opens a transmission, each frame is STX, a frame number (1–7, then 0),
 * text, ETB (the text goes on in the next frame) or ETX (its last frame), a two-digit hex checksum (the sum of the
 * bytes from the frame number to ETB/ETX, modulo 256), CR LF; EOT closes it. The receiver answers ACK or NAK.
 * This file holds the bytes only: the decoder turns a stream into events, the session (astm-session.ts) decides.
 */
export const ENQ = 0x05;
export const ACK = 0x06;
export const NAK = 0x15;
export const STX = 0x02;
export const ETX = 0x03;
export const ETB = 0x17;
export const EOT = 0x04;
export const CR = 0x0d;
export const LF = 0x0a;

/** The checksum of a frame: two upper-case hex digits of the sum of its bytes from the frame number to ETB/ETX. */
export function astmChecksum(bytes: Uint8Array): string {
  let sum = 0;
  for (const byte of bytes) sum = (sum + byte) & 0xff;
  return sum.toString(16).toUpperCase().padStart(2, '0');
}

/** One frame as a sender writes it (the tests' and the demo's side). */
export function encodeAstmFrame(frameNumber: number, text: string, last: boolean): Buffer {
  const body = Buffer.concat([Buffer.from(`${frameNumber % 8}${text}`, 'latin1'), Buffer.from([last ? ETX : ETB])]);
  return Buffer.concat([Buffer.from([STX]), body, Buffer.from(astmChecksum(body), 'latin1'), Buffer.from([CR, LF])]);
}

export type AstmEvent =
  | { kind: 'enq' }
  | { kind: 'eot' }
  /** A whole frame with a right checksum: its number, its text, and whether it ends its text (ETX) or not (ETB). */
  | { kind: 'frame'; frameNumber: number; text: string; last: boolean }
  /** A frame whose checksum or shape is wrong: the receiver answers NAK and the sender sends it again. */
  | { kind: 'bad-frame'; reason: string };

/** The longest frame E1381 allows is 247 bytes; past this many without an end the bytes are garbage. */
const MAX_FRAME_BYTES = 64 * 1024;

/**
 * Turns the bytes of a connection into E1381 events, whatever the chunks: bytes between frames other than ENQ, EOT
 * and STX are ignored (as the standard's receiver ignores them while it waits).
 */
export class AstmFrameDecoder {
  private pending: Buffer = Buffer.alloc(0);

  push(chunk: Uint8Array): AstmEvent[] {
    this.pending = this.pending.length === 0 ? Buffer.from(chunk) : Buffer.concat([this.pending, chunk]);
    const events: AstmEvent[] = [];
    let at = 0;
    while (at < this.pending.length) {
      const byte = this.pending[at]!;
      if (byte === ENQ || byte === EOT) {
        events.push({ kind: byte === ENQ ? 'enq' : 'eot' });
        at++;
        continue;
      }
      if (byte !== STX) {
        at++;
        continue;
      }
      // a frame: STX ... ETB|ETX C1 C2 CR LF
      let end = -1;
      for (let i = at + 1; i < this.pending.length; i++) {
        const b = this.pending[i]!;
        if (b === ETX || b === ETB) {
          end = i;
          break;
        }
        if (b === STX || b === ENQ || b === EOT) {
          end = -2;
          events.push({ kind: 'bad-frame', reason: 'frame cut short' });
          at = i;
          break;
        }
      }
      if (end === -2) continue;
      if (end === -1 || this.pending.length < end + 5) {
        if (this.pending.length - at > MAX_FRAME_BYTES) {
          events.push({ kind: 'bad-frame', reason: 'frame too long' });
          at = this.pending.length;
        }
        break;
      }
      const body = this.pending.subarray(at + 1, end + 1);
      const sent = this.pending
        .subarray(end + 1, end + 3)
        .toString('latin1')
        .toUpperCase();
      const tail = this.pending.subarray(end + 3, end + 5);
      at = end + 5;
      const frameNumber = body[0]! - 0x30;
      if (frameNumber < 0 || frameNumber > 7) {
        events.push({ kind: 'bad-frame', reason: 'no frame number' });
      } else if (sent !== astmChecksum(body)) {
        events.push({ kind: 'bad-frame', reason: `checksum ${sent}, expected ${astmChecksum(body)}` });
      } else if (tail[0] !== CR || tail[1] !== LF) {
        events.push({ kind: 'bad-frame', reason: 'no CR LF after the checksum' });
      } else {
        const text = body.subarray(1, body.length - 1).toString('latin1');
        events.push({ kind: 'frame', frameNumber, text, last: body[body.length - 1] === ETX });
      }
    }
    this.pending = this.pending.subarray(at);
    return events;
  }
}
