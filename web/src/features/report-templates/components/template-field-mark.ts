import { Mark, mergeAttributes } from '@tiptap/core';

/**
 * A structured field's placeholder in a template body: `<span data-field="<key>">…</span>` (docs/decisions/0178).
 * TipTap keeps only what an extension describes, so without this mark the placeholder's span (and so the place a
 * phrase fills, applyTemplateField) would be lost on the first edit.
 */
export const TemplateFieldMark = Mark.create({
  name: 'templateField',
  inclusive: false,
  addAttributes() {
    return {
      field: {
        default: null,
        parseHTML: (element) => element.getAttribute('data-field'),
        renderHTML: (attributes) => (attributes.field ? { 'data-field': attributes.field as string } : {}),
      },
    };
  },
  parseHTML() {
    return [{ tag: 'span[data-field]' }];
  },
  renderHTML({ HTMLAttributes }) {
    return ['span', mergeAttributes(HTMLAttributes), 0];
  },
});
