import { randomInt } from 'node:crypto';
import { PASSWORD_SPECIAL_CHARACTERS, validatePassword } from '@rayworks/validation';

const LOWER = 'abcdefghijkmnpqrstuvwxyz';
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '23456789';
const pick = (set: string) => set[randomInt(set.length)]!;

/** A random temporary password of 14 characters that satisfies the password rule of libs/validation. */
export function temporaryPassword(): string {
  for (;;) {
    const chars = [pick(LOWER), pick(UPPER), pick(DIGITS), pick(PASSWORD_SPECIAL_CHARACTERS)];
    const all = LOWER + UPPER + DIGITS;
    while (chars.length < 14) chars.push(pick(all));
    for (let i = chars.length - 1; i > 0; i--) {
      const j = randomInt(i + 1);
      [chars[i], chars[j]] = [chars[j]!, chars[i]!];
    }
    const password = chars.join('');
    if (validatePassword(password) === null) return password;
  }
}
