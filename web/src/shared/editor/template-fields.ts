import { isFieldPlaceholder } from '@rayworks/contracts';
import type { MarkType, Node as PmNode } from '@tiptap/pm/model';
import { TextSelection, type EditorState, type Transaction } from '@tiptap/pm/state';

/**
 * The structured fields of a report's text as the editor sees them (decision 0340): the runs of text carrying the
 * `templateField` mark (`<span data-field="<key>">`), found, selected and typed over without losing the mark — the
 * mark is where a phrase lands (applyTemplateField) and what finalize checks (unfilledTemplateFields), so typing over
 * a field must keep it, and a reader moves from field to field as in the dictation products of the field.
 */

export interface FieldRange {
  key: string;
  from: number;
  to: number;
  text: string;
  /** The text is still the template's placeholder ('[ventricles]', '…', nothing). */
  empty: boolean;
}

/** Every field of the document in order: adjacent marked text of one key is one field. */
export function fieldRanges(doc: PmNode, type: MarkType): FieldRange[] {
  const ranges: FieldRange[] = [];
  doc.descendants((node, pos) => {
    if (!node.isText) return true;
    const mark = node.marks.find((m) => m.type === type);
    const key = (mark?.attrs.field as string | null | undefined) ?? null;
    if (!key) return false;
    const last = ranges[ranges.length - 1];
    if (last && last.key === key && last.to === pos) {
      last.to = pos + node.nodeSize;
      last.text += node.text ?? '';
    } else ranges.push({ key, from: pos, to: pos + node.nodeSize, text: node.text ?? '', empty: false });
    return false;
  });
  for (const r of ranges) r.empty = isFieldPlaceholder(r.text);
  return ranges;
}

/** The field the selection lies in (wholly), or null. */
export function fieldAt(ranges: readonly FieldRange[], from: number, to: number): FieldRange | null {
  return ranges.find((r) => from >= r.from && to <= r.to && r.from < r.to) ?? null;
}

/**
 * Text typed over a selection inside one field, the whole field included, stays in the field. ProseMirror drops a
 * non-inclusive mark when the selection reaches the mark's end (the typist who selects `[impression]` and types would
 * otherwise leave plain text behind: the field, its phrases and finalize's check gone). Null when the selection is
 * empty or not inside a field: the editor's own handling then applies.
 */
export function typeOverField(
  state: EditorState,
  type: MarkType,
  text: string,
  /** The range the typed text replaces (ProseMirror's handleTextInput gives it; the selection by default). */
  range: { from: number; to: number } = state.selection,
): Transaction | null {
  const { from, to } = range;
  if (from === to || text.length === 0) return null;
  const field = fieldAt(fieldRanges(state.doc, type), from, to);
  if (!field) return null;
  const $from = state.doc.resolve(from);
  const marks = $from.marksAcross(state.doc.resolve(to)) ?? [];
  const fieldMark = state.doc.nodeAt(from)?.marks.find((m) => m.type === type) ?? type.create({ field: field.key });
  const keep = fieldMark.addToSet(marks);
  const tr = state.tr.replaceWith(from, to, state.schema.text(text, keep));
  return tr.setSelection(TextSelection.create(tr.doc, from + text.length)).scrollIntoView();
}

/**
 * Text typed with the cursor at the end of the field being filled (`activeKey`: the field typed over last) goes on in
 * that field: the first key typed over a selected placeholder keeps the mark (typeOverField), the keys after it would
 * otherwise fall outside the non-inclusive mark one by one. Null when the cursor is not at that field's end.
 */
export function typeOnInField(
  state: EditorState,
  type: MarkType,
  activeKey: string | null,
  text: string,
  range: { from: number; to: number } = state.selection,
): Transaction | null {
  const { from, to } = range;
  if (from !== to || !activeKey || text.length === 0) return null;
  const field = fieldRanges(state.doc, type).find((r) => r.key === activeKey && r.to === from);
  if (!field) return null;
  const before = state.doc.resolve(from).nodeBefore;
  const marks = before?.marks ?? [type.create({ field: field.key })];
  const tr = state.tr.insert(from, state.schema.text(text, marks));
  return tr.setSelection(TextSelection.create(tr.doc, from + text.length)).scrollIntoView();
}

/** Selects a field's whole text (typing then replaces it, the mark kept). */
export function selectField(state: EditorState, field: Pick<FieldRange, 'from' | 'to'>): Transaction {
  return state.tr.setSelection(TextSelection.create(state.doc, field.from, field.to)).scrollIntoView();
}

/**
 * The next field after the cursor (or the previous one before it), wrapping around; placeholders first when
 * `emptyFirst` (the reader's next thing to fill). Null when the document has no field.
 */
export function nextField(
  ranges: readonly FieldRange[],
  at: number,
  direction: 1 | -1,
  emptyFirst = true,
): FieldRange | null {
  const pool = emptyFirst && ranges.some((r) => r.empty) ? ranges.filter((r) => r.empty) : ranges;
  if (pool.length === 0) return null;
  if (direction === 1) return pool.find((r) => r.from > at) ?? pool[0]!;
  return [...pool].reverse().find((r) => r.to < at) ?? pool[pool.length - 1]!;
}
