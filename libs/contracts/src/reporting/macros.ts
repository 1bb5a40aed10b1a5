import { escapeHtml } from './print-document.js';
/**
 * Pure text helpers of the report editor (docs/decisions/0179-text-macros.md), shared by the console and the server:
 *
 * - `expandMacro(textBeforeCursor, macros)`: when the user types a space or Enter right after a macro code (`.nad`),
 *   the code is replaced by the macro's text. The code must stand alone (at the start of the text or after white
 *   space or an opening bracket/quote); codes match case-insensitively and the longest code wins; the case the code
 *   was typed in carries over: `.nad` → the text as written, `.Nad` → its first letter upper-case, `.NAD` → all of
 *   it upper-case.
 * - `applyTemplateField(html, key, text)`: a structured field's phrase fills the element(s) of the template body
 *   marked `data-field="<key>"` (their content is replaced by the phrase, HTML-escaped).
 */

export interface MacroLike {
  code: string;
  /** The replacement (HTML: the editor inserts it as content). */
  text: string;
  id?: string;
}

export interface MacroExpansion {
  /** The code as it was typed (its length is what the editor removes before the cursor, before `trailing`). */
  code: string;
  /** The white space after the code that triggered the expansion ('' when the text ends with the code). */
  trailing: string;
  /** The macro's text in the case rule of the typed code. */
  replacement: string;
  macroId: string | null;
}

/** The keys after a code that expand it: a space (also a no-break space, as rich-text editors insert) or Enter. */
const TRIGGER = /[ \u00a0\n\r\t]$/;
/** What may stand before a code: nothing, white space, or an opening bracket or quote. */
const BEFORE_CODE = /[\s\u00a0([{"'“‘]/;

type CaseRule = 'asWritten' | 'capitalise' | 'upper';

function caseRuleOf(typed: string): CaseRule {
  const letters = typed.replace(/[^A-Za-z]/g, '');
  if (letters.length === 0) return 'asWritten';
  if (letters.length > 1 && letters === letters.toUpperCase()) return 'upper';
  if (letters[0] === letters[0]!.toUpperCase()) return letters.length === 1 ? 'upper' : 'capitalise';
  return 'asWritten';
}

/** Applies `change` to the text of HTML only (not to tags or character references). */
function mapHtmlText(html: string, change: (text: string, first: boolean) => string): string {
  let first = true;
  return html.replace(/(<[^>]*>)|(&[#A-Za-z0-9]+;)|([^<&]+|&)/g, (match, tag?: string, entity?: string) => {
    if (tag || entity) return match;
    if (match.trim() === '') return match;
    const out = change(match, first);
    first = false;
    return out;
  });
}

function applyCase(html: string, rule: CaseRule): string {
  if (rule === 'upper') return mapHtmlText(html, (t) => t.toUpperCase());
  if (rule === 'capitalise')
    return mapHtmlText(html, (t, first) => (first ? t.replace(/\p{L}/u, (c) => c.toUpperCase()) : t));
  return html;
}

/**
 * The macro whose code the text ends with (before one trailing space or line break), or null. See the module's
 * comment for the rules.
 */
export function expandMacro(textBeforeCursor: string, macros: readonly MacroLike[]): MacroExpansion | null {
  if (macros.length === 0 || textBeforeCursor.length === 0) return null;
  const trailing = TRIGGER.test(textBeforeCursor) ? textBeforeCursor.slice(-1) : '';
  const text = trailing ? textBeforeCursor.slice(0, -1) : textBeforeCursor;
  const lower = text.toLowerCase();
  const byLength = [...macros]
    .filter((m) => m.code.trim().length > 0)
    .sort((a, b) => b.code.trim().length - a.code.trim().length);
  for (const macro of byLength) {
    const code = macro.code.trim().toLowerCase();
    if (!lower.endsWith(code)) continue;
    const start = text.length - code.length;
    if (start > 0 && !BEFORE_CODE.test(text[start - 1]!)) continue;
    const typed = text.slice(start);
    return {
      code: typed,
      trailing,
      replacement: applyCase(macro.text, caseRuleOf(typed.slice(1))),
      macroId: macro.id ?? null,
    };
  }
  return null;
}

const VOID_TAGS = new Set(['br', 'hr', 'img', 'col', 'input', 'meta', 'link', 'area', 'base', 'source', 'wbr']);

/** Where the element that starts at `openEnd` (just after its opening tag) closes: [closeStart, closeEnd], or null. */
function closingTagOf(html: string, tag: string, openEnd: number): [number, number] | null {
  const re = new RegExp(`<(/?)${tag}\\b[^>]*?(/?)>`, 'gi');
  re.lastIndex = openEnd;
  let depth = 1;
  for (let m = re.exec(html); m; m = re.exec(html)) {
    if (m[1] === '/') depth -= 1;
    else if (m[2] !== '/') depth += 1;
    if (depth === 0) return [m.index, m.index + m[0].length];
  }
  return null;
}

const fieldKeyPattern = (key: string) => key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The template body with every element marked `data-field="<key>"` holding `text` (HTML-escaped; line breaks become
 * <br>). The marked elements keep their tag and attributes, so a phrase can be chosen again. The HTML is unchanged
 * when no element carries the key.
 */
export function applyTemplateField(html: string, key: string, text: string): string {
  const open = new RegExp(
    `<([a-zA-Z][a-zA-Z0-9]*)\\b[^>]*?\\sdata-field\\s*=\\s*(["'])${fieldKeyPattern(key)}\\2[^>]*>`,
    'g',
  );
  const content = escapeHtml(text).replace(/\r?\n/g, '<br>');
  let out = '';
  let from = 0;
  for (let m = open.exec(html); m; m = open.exec(html)) {
    if (m.index < from) continue;
    const tag = m[1]!.toLowerCase();
    const openEnd = m.index + m[0].length;
    if (VOID_TAGS.has(tag) || m[0].endsWith('/>')) continue;
    const close = closingTagOf(html, tag, openEnd);
    if (!close) continue;
    out += html.slice(from, openEnd) + content + html.slice(close[0], close[1]);
    from = close[1];
    open.lastIndex = from;
  }
  return out + html.slice(from);
}

/** The field keys a template body marks (`data-field`), in order, each once. */
export function templateFieldKeys(html: string): string[] {
  const keys = new Set<string>();
  for (const m of html.matchAll(/\sdata-field\s*=\s*(["'])([^"']+)\1/g)) keys.add(m[2]!);
  return [...keys];
}

/** A field's content that is still the template's placeholder: nothing, an ellipsis, or a `[bracketed]` prompt. */
const PLACEHOLDER = /^(?:|…|\.\.\.|\[[^\]]*\])$/;

/**
 * Whether a field's text (as a reader sees it: tags gone, entities decoded) is still its placeholder — the one rule of
 * finalize's refusal (unfilledTemplateFields) and the editor's highlighting and cursor (decision 0340).
 */
export const isFieldPlaceholder = (text: string): boolean => PLACEHOLDER.test(text.replace(/\u00a0/g, ' ').trim());

/**
 * The keys of the template fields still showing their placeholder (decision 0196): a report is not signed with
 * `[ventricles]` in it. A field counts as filled once its phrase was chosen or its text written over; deleting the
 * field's element removes it from the list.
 */
export function unfilledTemplateFields(html: string): string[] {
  const open = /<([a-zA-Z][a-zA-Z0-9]*)\b[^>]*?\sdata-field\s*=\s*(["'])([^"']+)\2[^>]*>/g;
  const keys = new Set<string>();
  for (let m = open.exec(html); m; m = open.exec(html)) {
    const tag = m[1]!.toLowerCase();
    const openEnd = m.index + m[0].length;
    if (VOID_TAGS.has(tag) || m[0].endsWith('/>')) continue;
    const close = closingTagOf(html, tag, openEnd);
    if (!close) continue;
    const text = html
      .slice(openEnd, close[0])
      .replace(/<[^>]*>/g, '')
      .replace(/&nbsp;|\u00a0/g, ' ')
      .replace(/&hellip;/g, '…')
      .trim();
    if (PLACEHOLDER.test(text)) keys.add(m[3]!);
  }
  return [...keys];
}
