import { describe, expect, it } from '@jest/globals';
import { ACK, AstmFrameDecoder, astmChecksum, encodeAstmFrame, ENQ, EOT, NAK } from './astm-framing.js';
import { AstmSession, terminatorEnd } from './astm-session.js';

const bytes = (text: string): Buffer => Buffer.from(text, 'latin1');

describe('astmChecksum', () => {
  it('is the sum of the bytes from the frame number to ETX, modulo 256, as two upper-case hex digits', () => {
    // '1' 'H' '|' CR ETX = 0x31 + 0x48 + 0x7c + 0x0d + 0x03 = 0x105 → 0x05
    expect(astmChecksum(bytes('1H|\r\x03'))).toBe('05');
    // past 255 it wraps, and a small sum keeps its leading zero
    expect(astmChecksum(Uint8Array.from([0xff, 0x02]))).toBe('01');
    expect(astmChecksum(Uint8Array.from([]))).toBe('00');
  });

  it('writes the frames python-astm writes (astm.codec.encode_message)', () => {
    expect(encodeAstmFrame(1, 'H\r', true)).toEqual(bytes('\x021H\r\x0389\r\n'));
    expect(encodeAstmFrame(1, 'H|\\^&|||ANALYZER^1.0\r', true)).toEqual(
      bytes('\x021H|\\^&|||ANALYZER^1.0\r\x03AC\r\n'),
    );
  });
});

describe('AstmFrameDecoder', () => {
  it('reads ENQ, frames and EOT whatever the chunks, and ignores noise between frames', () => {
    const stream = Buffer.concat([
      Buffer.from([ENQ]),
      encodeAstmFrame(1, 'H|\\^&|||ANALYZER\r', true),
      bytes('noise'),
      encodeAstmFrame(2, 'R|1|^^^HGB|13', false),
      encodeAstmFrame(3, '.5\r', true),
      Buffer.from([EOT]),
    ]);
    const decoder = new AstmFrameDecoder();
    const events = [];
    for (let i = 0; i < stream.length; i += 3) events.push(...decoder.push(stream.subarray(i, i + 3)));
    expect(events).toEqual([
      { kind: 'enq' },
      { kind: 'frame', frameNumber: 1, text: 'H|\\^&|||ANALYZER\r', last: true },
      { kind: 'frame', frameNumber: 2, text: 'R|1|^^^HGB|13', last: false },
      { kind: 'frame', frameNumber: 3, text: '.5\r', last: true },
      { kind: 'eot' },
    ]);
  });

  it('reports a frame whose checksum is wrong, or that is cut short, as bad', () => {
    const good = encodeAstmFrame(1, 'H|\\^&\r', true);
    const tampered = Buffer.from(good);
    tampered[3] = 'X'.charCodeAt(0);
    const decoder = new AstmFrameDecoder();
    expect(decoder.push(tampered)).toEqual([{ kind: 'bad-frame', reason: expect.stringContaining('checksum') }]);
    expect(decoder.push(Buffer.concat([bytes('\x021H|'), Buffer.from([EOT])]))).toEqual([
      { kind: 'bad-frame', reason: 'frame cut short' },
      { kind: 'eot' },
    ]);
  });
});

describe('terminatorEnd', () => {
  it('finds the end of the first message, header to terminator record', () => {
    expect(terminatorEnd('H|\\^&\rP|1\rO|1|S1\rR|1|^^^A|1\rL|1|N\r')).toBe(34);
    expect(terminatorEnd('H|\\^&\rP|1\rL|1\rH|\\^&\rL|1\r')).toBe(14);
    expect(terminatorEnd('H|\\^&\rP|1\rLAB|x\r')).toBeNull();
    expect(terminatorEnd('P|1\rL|1\r')).toBeNull();
  });
});

describe('AstmSession', () => {
  const message = ['H|\\^&|C1||ANALYZER\r', 'O|1|L000000001\r', 'R|1|^^^HGB|13.5\r', 'L|1|N\r'];

  it('acknowledges every frame and hands the whole message over before it acknowledges its last frame', async () => {
    const stored: string[] = [];
    const order: string[] = [];
    const session = new AstmSession(async (text) => {
      order.push('complete');
      stored.push(text);
      return true;
    });
    expect(await session.answer({ kind: 'enq' })).toBe(ACK);
    for (const [i, text] of message.entries()) {
      const answer = await session.answer({ kind: 'frame', frameNumber: (i + 1) % 8, text, last: true });
      order.push(`answer ${i + 1}`);
      expect(answer).toBe(ACK);
    }
    expect(stored).toEqual([message.join('')]);
    expect(order).toEqual(['answer 1', 'answer 2', 'answer 3', 'complete', 'answer 4']);
  });

  it('NAKs the last frame while the message cannot be stored, and takes it when it is sent again', async () => {
    let accept = false;
    const stored: string[] = [];
    const session = new AstmSession(async (text) => {
      if (accept) stored.push(text);
      return accept;
    });
    await session.answer({ kind: 'enq' });
    for (const [i, text] of message.slice(0, 3).entries())
      await session.answer({ kind: 'frame', frameNumber: i + 1, text, last: true });
    expect(await session.answer({ kind: 'frame', frameNumber: 4, text: message[3]!, last: true })).toBe(NAK);
    accept = true;
    expect(await session.answer({ kind: 'frame', frameNumber: 4, text: message[3]!, last: true })).toBe(ACK);
    expect(stored).toEqual([message.join('')]);
  });

  it('NAKs a frame out of sequence, ACKs a repeat of the last without using it, drops an unfinished message at EOT', async () => {
    const stored: string[] = [];
    const session = new AstmSession(async (text) => {
      stored.push(text);
      return true;
    });
    await session.answer({ kind: 'enq' });
    expect(await session.answer({ kind: 'frame', frameNumber: 2, text: message[0]!, last: true })).toBe(NAK);
    expect(await session.answer({ kind: 'frame', frameNumber: 1, text: message[0]!, last: true })).toBe(ACK);
    expect(await session.answer({ kind: 'frame', frameNumber: 1, text: message[0]!, last: true })).toBe(ACK);
    expect(session.unfinished).toBe(message[0]);
    expect(await session.answer({ kind: 'bad-frame', reason: 'x' })).toBe(NAK);
    expect(await session.answer({ kind: 'eot' })).toBeNull();
    expect(session.unfinished).toBe('');
    expect(stored).toEqual([]);
  });

  it('numbers frames 1 to 7 then 0', async () => {
    const session = new AstmSession(async () => true);
    await session.answer({ kind: 'enq' });
    for (let n = 1; n <= 9; n++)
      expect(await session.answer({ kind: 'frame', frameNumber: n % 8, text: `C|${n}\r`, last: true })).toBe(ACK);
  });
});
