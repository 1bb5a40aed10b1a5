import { describe, expect, it } from '@jest/globals';
import { unfilledTemplateFields } from '@rayworks/contracts';
import { getSchema } from '@tiptap/core';
import { DOMSerializer, type Node as PmNode } from '@tiptap/pm/model';
import { EditorState, TextSelection } from '@tiptap/pm/state';
import StarterKit from '@tiptap/starter-kit';
import { TemplateField } from './extensions';
import { fieldAt, fieldRanges, nextField, selectField, typeOnInField, typeOverField } from './template-fields';

// The report editor's schema (without the view: no DOM needed): paragraphs, bold, and the field mark.
const schema = getSchema([StarterKit.configure({ link: false }), TemplateField.configure({ navigate: true })]);
const fieldType = schema.marks.templateField!;
const field = (key: string, text: string) => schema.text(text, [fieldType.create({ field: key })]);
const p = (...content: PmNode[]) => schema.nodes.paragraph!.create(null, content);
const doc = (...paragraphs: PmNode[]) => schema.nodes.doc!.create(null, paragraphs);

/** The CT Brain template as the editor holds it: three fields, one of them already filled by its phrase. */
const brain = () =>
  doc(
    p(schema.text('Ventricles: '), field('ventricles', '[ventricles]')),
    p(schema.text('Extra-axial: '), field('extra-axial', 'No collection.')),
    p(schema.text('Impression: '), field('impression', '[impression]'), schema.text(' End.')),
  );

/** The HTML the editor would save, serialised by the schema's own toDOM (as getHTML does), with a tiny DOM. */
function html(node: PmNode): string {
  const out: string[] = [];
  const serializer = DOMSerializer.fromSchema(schema);
  // renderSpec without a document: walk the specs by hand (tags, attributes, text)
  const render = (spec: unknown, inner: () => string): string => {
    if (!Array.isArray(spec)) return inner();
    const [tag, maybeAttrs, ...rest] = spec as [string, unknown, ...unknown[]];
    const attrs =
      maybeAttrs && typeof maybeAttrs === 'object' && !Array.isArray(maybeAttrs)
        ? (maybeAttrs as Record<string, string | null>)
        : null;
    const a = attrs
      ? Object.entries(attrs)
          .filter(([, v]) => v !== null && v !== undefined)
          .map(([k, v]) => ` ${k}="${String(v)}"`)
          .join('')
      : '';
    const hole = attrs ? rest : [maybeAttrs, ...rest];
    return `<${tag}${a}>${hole.some((h) => h === 0) ? inner() : ''}</${tag}>`;
  };
  node.forEach((block) => {
    let text = '';
    block.forEach((t) => {
      let piece = t.text ?? '';
      for (const m of [...t.marks].reverse()) {
        const spec = serializer.marks[m.type.name]!(m, true);
        const s = piece;
        piece = render(spec, () => s);
      }
      text += piece;
    });
    out.push(`<p>${text}</p>`);
  });
  return out.join('');
}

describe("the report editor's template fields (decision 0340)", () => {
  it('finds each field in order, and which still show their placeholder', () => {
    const ranges = fieldRanges(brain(), fieldType);
    expect(ranges.map((r) => [r.key, r.text, r.empty])).toEqual([
      ['ventricles', '[ventricles]', true],
      ['extra-axial', 'No collection.', false],
      ['impression', '[impression]', true],
    ]);
    expect(fieldAt(ranges, ranges[0]!.from + 2, ranges[0]!.from + 4)?.key).toBe('ventricles');
    expect(fieldAt(ranges, 1, 3)).toBeNull();
  });

  it('keeps the field when its whole placeholder is selected and typed over (the typist’s round trip)', () => {
    let state = EditorState.create({ doc: brain() });
    const impression = fieldRanges(state.doc, fieldType)[2]!;
    state = state.apply(selectField(state, impression));
    const tr = typeOverField(state, fieldType, 'Normal study.');
    expect(tr).not.toBeNull();
    state = state.apply(tr!);
    const after = fieldRanges(state.doc, fieldType);
    expect(after.map((r) => [r.key, r.text, r.empty])).toEqual([
      ['ventricles', '[ventricles]', true],
      ['extra-axial', 'No collection.', false],
      ['impression', 'Normal study.', false],
    ]);
    // the saved HTML still carries the mark, and finalize's rule sees the one field left
    const saved = html(state.doc);
    expect(saved).toContain('<span data-field="impression">Normal study.</span>');
    expect(saved).toContain(' End.</p>');
    expect(unfilledTemplateFields(saved)).toEqual(['ventricles']);
    // the cursor after the typed text, still inside nothing else
    expect(state.selection.from).toBe(impression.from + 'Normal study.'.length);
  });

  it('key by key, as a person types: the first key replaces the placeholder, the others go on in the field', () => {
    let state = EditorState.create({ doc: brain() });
    state = state.apply(selectField(state, fieldRanges(state.doc, fieldType)[0]!));
    const first = typeOverField(state, fieldType, 'N')!;
    state = state.apply(first);
    for (const key of 'ormal.') state = state.apply(typeOnInField(state, fieldType, 'ventricles', key)!);
    expect(fieldRanges(state.doc, fieldType)[0]).toMatchObject({ key: 'ventricles', text: 'Normal.', empty: false });
    // another field's end, or no field being filled: the editor's own typing (outside the mark)
    expect(typeOnInField(state, fieldType, 'impression', 'x')).toBeNull();
    expect(typeOnInField(state, fieldType, null, 'x')).toBeNull();
    // plain typing at the field's end would have left the field: what the plugin's state prevents
    const plain = state.apply(state.tr.insertText('!'));
    expect(fieldRanges(plain.doc, fieldType)[0]!.text).toBe('Normal.');
  });

  it('what plain ProseMirror typing would do: the non-inclusive mark is lost over the whole field', () => {
    let state = EditorState.create({ doc: brain() });
    const ventricles = fieldRanges(state.doc, fieldType)[0]!;
    state = state.apply(selectField(state, ventricles));
    state = state.apply(state.tr.insertText('Normal.'));
    expect(fieldRanges(state.doc, fieldType).map((r) => r.key)).toEqual(['extra-axial', 'impression']);
  });

  it('leaves typing outside a field, or with nothing selected, to the editor', () => {
    let state = EditorState.create({ doc: brain() });
    expect(typeOverField(state, fieldType, 'x')).toBeNull();
    state = state.apply(state.tr.setSelection(TextSelection.create(state.doc, 1, 5)));
    expect(typeOverField(state, fieldType, 'x')).toBeNull();
  });

  it('Tab goes to the next placeholder (wrapping), Shift+Tab to the previous', () => {
    const ranges = fieldRanges(brain(), fieldType);
    expect(nextField(ranges, 0, 1)?.key).toBe('ventricles');
    expect(nextField(ranges, ranges[0]!.from, 1)?.key).toBe('impression');
    expect(nextField(ranges, ranges[2]!.from, 1)?.key).toBe('ventricles');
    expect(nextField(ranges, ranges[2]!.from, -1)?.key).toBe('ventricles');
    // every field filled: every field is a stop
    const filled = ranges.map((r) => ({ ...r, empty: false }));
    expect(nextField(filled, ranges[0]!.from, 1)?.key).toBe('extra-axial');
    expect(nextField([], 0, 1)).toBeNull();
  });
});
