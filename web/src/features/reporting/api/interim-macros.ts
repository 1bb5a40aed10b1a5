// INTERIM: templates writes expandMacro and applyTemplateField in libs/contracts/src/reporting/macros.ts (issue 12's
// shared interface); until that is merged the editor uses these with the same signatures, then imports theirs.

export interface MacroLike {
  code: string;
  text: string;
}

/** A macro code at the end of the text, followed by a space or Enter: the code and its HTML (longest code wins). */
export function expandMacro(
  textBeforeCursor: string,
  macros: readonly MacroLike[],
): { code: string; replacement: string } | null {
  const match = /(?:^|\s)(\S+)[ \u00a0\n]$/.exec(textBeforeCursor);
  if (!match) return null;
  const word = match[1]!.toLowerCase();
  const found = [...macros].sort((a, b) => b.code.length - a.code.length).find((m) => m.code.toLowerCase() === word);
  return found ? { code: found.code, replacement: found.text } : null;
}

/** A structured field's phrase fills its `data-field` placeholder in the body (appended when there is none). */
export function applyTemplateField(html: string, key: string, text: string): string {
  const escaped = key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const placeholder = new RegExp(`(<([a-z0-9]+)[^>]*\\bdata-field="${escaped}"[^>]*>)[\\s\\S]*?(</\\2>)`, 'i');
  if (placeholder.test(html))
    return html.replace(placeholder, (_, open: string, _tag, close: string) => open + text + close);
  return `${html}<p>${text}</p>`;
}
