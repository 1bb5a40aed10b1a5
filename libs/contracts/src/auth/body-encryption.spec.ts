import { describe, expect, it } from '@jest/globals';
import {
  BodyDecryptionError,
  base64ToBytes,
  bytesToBase64,
  decryptBody,
  encryptBody,
  parseSessionToken,
} from './body-encryption.js';

const sessionA = '0196f0a4-7d2e-7c41-9a53-1f2e3d4c5b6a.' + 'a'.repeat(43);
const sessionB = '0196f0a4-7d2e-7c41-9a53-1f2e3d4c5b6b.' + 'a'.repeat(43);

describe('body encryption', () => {
  it('round-trips a JSON body for the same session, with a fresh IV each time', async () => {
    const body = { loginName: 'new.user', centerID: ['x'], nested: { n: 1, text: 'ünïcödé ✓' } };
    const one = await encryptBody(sessionA, body);
    const two = await encryptBody(sessionA, body);
    expect(Object.keys(one)).toEqual(['data']);
    expect(one.data).not.toBe(two.data);
    expect(await decryptBody(sessionA, one)).toEqual(body);
    expect(await decryptBody(sessionA, two)).toEqual(body);
  });

  it('refuses a body encrypted for another session', async () => {
    const sealed = await encryptBody(sessionA, { a: 1 });
    await expect(decryptBody(sessionB, sealed)).rejects.toThrow(BodyDecryptionError);
  });

  it('detects a changed byte anywhere: IV, ciphertext or tag', async () => {
    const sealed = await encryptBody(sessionA, { amount: 100 });
    const bytes = base64ToBytes(sealed.data);
    for (const index of [0, 12, bytes.length - 1]) {
      const tampered = bytes.slice();
      tampered[index] = tampered[index]! ^ 0x01;
      await expect(decryptBody(sessionA, { data: bytesToBase64(tampered) })).rejects.toThrow(/tampered/);
    }
  });

  it('refuses what is not exactly { data: <base64> }', async () => {
    const sealed = await encryptBody(sessionA, {});
    for (const bad of [
      null,
      'x',
      [sealed],
      {},
      { data: 5 },
      { ...sealed, extra: 1 },
      { data: '%%%%' },
      { data: 'AAAA' },
    ]) {
      await expect(decryptBody(sessionA, bad)).rejects.toThrow(BodyDecryptionError);
    }
  });

  it('parses session tokens and nothing else', () => {
    expect(parseSessionToken(sessionA)).toEqual({
      sessionId: '0196f0a4-7d2e-7c41-9a53-1f2e3d4c5b6a',
      secret: 'a'.repeat(43),
    });
    for (const bad of [
      undefined,
      '',
      'abc',
      `${sessionA}.x`,
      'not-a-uuid-at-all-not-a-uuid-at-all-x.' + 'a'.repeat(43),
      sessionA.slice(0, 50),
    ]) {
      expect(parseSessionToken(bad)).toBeNull();
    }
  });
});
