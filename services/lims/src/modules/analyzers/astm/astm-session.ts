import { ACK, NAK, type AstmEvent } from './astm-framing.js';

/**
 * The receiver's side of one ASTM E1381 connection (docs/decisions/0304), without I/O: it answers each event of the
 * decoder (ENQ → ACK; a frame → ACK or NAK; EOT → nothing) and hands each whole E1394 message (header to
 * terminator record) to `complete`, awaiting it BEFORE it acknowledges the frame that ends the message: `complete`
 * stores it and answers true (stored, or stored before: a duplicate), or false (refused, or not stored) and the
 * frame is NAKed — the sender sends it again, and the message is acknowledged only once it is stored.
 * A frame number other than the next is NAKed, except a repeat of the last one (our ACK was lost): ACKed, not used.
 */
export class AstmSession {
  private expected = 1;
  private lastAccepted: number | null = null;
  /** The text of the message received so far (records separated by CR; the last one may be cut by an ETB). */
  private text = '';

  constructor(private readonly complete: (message: string) => Promise<boolean>) {}

  async answer(event: AstmEvent): Promise<number | null> {
    switch (event.kind) {
      case 'enq':
        this.reset();
        return ACK;
      case 'eot':
        // a message without its terminator record was never acknowledged as a whole: it is dropped
        this.reset();
        return null;
      case 'bad-frame':
        return NAK;
      case 'frame':
        return this.frame(event.frameNumber, event.text, event.last);
    }
  }

  /** Text of a message received but not yet ended (for the logs of a connection that drops). */
  get unfinished(): string {
    return this.text;
  }

  private async frame(frameNumber: number, text: string, last: boolean): Promise<number> {
    if (this.lastAccepted !== null && frameNumber === this.lastAccepted) return ACK;
    if (frameNumber !== this.expected) return NAK;
    const candidate = this.text + text;
    if (last) {
      const end = terminatorEnd(candidate);
      if (end !== null) {
        if (!(await this.complete(candidate.slice(0, end)))) return NAK;
        this.accept(frameNumber, candidate.slice(end));
        return ACK;
      }
    }
    this.accept(frameNumber, candidate);
    return ACK;
  }

  private accept(frameNumber: number, text: string): void {
    this.text = text;
    this.lastAccepted = frameNumber;
    this.expected = (frameNumber + 1) % 8;
  }

  private reset(): void {
    this.expected = 1;
    this.lastAccepted = null;
    this.text = '';
  }
}

/**
 * Where the first message of `text` ends: just after its terminator record (L), with its CR; null when no complete
 * terminator record is there yet. The field delimiter is the header's (the character after its 'H').
 */
export function terminatorEnd(text: string): number | null {
  const header = text.search(/(^|\r)H/);
  if (header < 0) return null;
  const start = text[header] === '\r' ? header + 1 : header;
  const delimiter = text[start + 1];
  let at = start;
  while (at < text.length) {
    const next = text.indexOf('\r', at);
    if (next < 0) return null;
    const record = text.slice(at, next);
    if (record[0] === 'L' && (record.length === 1 || record[1] === delimiter)) return next + 1;
    at = next + 1;
  }
  return null;
}
