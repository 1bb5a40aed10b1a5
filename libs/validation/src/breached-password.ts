// Breached and common passwords (ASVS 2.1.7), beside the specification's rule (docs/decisions/0072).
import { BREACHED_PASSWORD_MESSAGE } from './messages.js';

/** Characters people put for letters: undone before the comparison (P@ssw0rd is password). */
const SUBSTITUTIONS: Readonly<Record<string, string>> = {
  '@': 'a',
  $: 's',
  '0': 'o',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
};
/** The rule's special characters, which people add at the end of a common password to satisfy it. */
const TRAILING_SPECIALS = /[@$!%*?&]+$/;
/** Digits and special characters at the end (Welcome@2025, Admin@123): dropped when what is left is a top word. */
const TRAILING_DIGITS_AND_SPECIALS = /[0-9@$!%*?&]+$/;
/** How many of the list's first (most common) entries are refused even with digits and specials added. */
export const TOP_BREACHED_PASSWORDS = 1000;

/**
 * The forms of a password that are looked up in the whole list: lower-cased (the list is lower case and the rule's
 * capital letter is usually the first), without the special characters added at the end, and each with the usual
 * substitutions undone. `Password1!` is looked up as password1!, password1, ...
 */
export function breachedPasswordCandidates(password: string): string[] {
  const lower = password.toLowerCase();
  const stripped = lower.replace(TRAILING_SPECIALS, '');
  const undo = (s: string) => [...s].map((c) => SUBSTITUTIONS[c] ?? c).join('');
  return [...new Set([lower, stripped, undo(lower), undo(stripped)])].filter((s) => s.length > 0);
}

/** The forms looked up among the top entries only: the letters before added digits and specials (welcome). */
export function topBreachedPasswordCandidates(password: string): string[] {
  const base = password.toLowerCase().replace(TRAILING_DIGITS_AND_SPECIALS, '');
  const undone = [...base].map((c) => SUBSTITUTIONS[c] ?? c).join('');
  return [...new Set([base, undone])].filter((s) => s.length > 0);
}

export interface BreachedPasswordList {
  all: ReadonlySet<string>;
  /** The TOP_BREACHED_PASSWORDS most common. */
  top: ReadonlySet<string>;
}

let loading: Promise<BreachedPasswordList> | undefined;

/**
 * The offline list: the 49,000 most common passwords of public breaches, from the zxcvbn-ts common dictionary
 * (@zxcvbn-ts/language-common, MIT, pinned). Loaded once, on first use (a separate chunk in the console).
 */
export function loadBreachedPasswords(): Promise<BreachedPasswordList> {
  loading ??= import('@zxcvbn-ts/language-common').then(({ dictionary }) => {
    const ranked = dictionary['passwords-common'] as string[];
    return { all: new Set(ranked), top: new Set(ranked.slice(0, TOP_BREACHED_PASSWORDS)) };
  });
  return loading;
}

/** BREACHED_PASSWORD_MESSAGE when a form of the password is in the list, else null. */
export function breachedPasswordProblem(password: string, list: BreachedPasswordList): string | null {
  const found =
    breachedPasswordCandidates(password).some((form) => list.all.has(form)) ||
    topBreachedPasswordCandidates(password).some((form) => list.top.has(form));
  return found ? BREACHED_PASSWORD_MESSAGE : null;
}
