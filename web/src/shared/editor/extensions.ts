import { Extension, Mark, mergeAttributes } from '@tiptap/core';
import { Plugin, PluginKey } from '@tiptap/pm/state';
import { expandMacro, type MacroLike } from '@rayworks/contracts';

/**
 * A structured field's placeholder, `<span data-field="<key>">…</span>` (docs/decisions/0178), kept as a mark in the
 * report editor and the template editor: TipTap keeps only what an extension describes, so without it the span (the
 * place a phrase fills, applyTemplateField) would be lost on the first edit.
 */
export const TemplateField = Mark.create({
  name: 'templateField',
  inclusive: false,
  addAttributes() {
    return {
      field: {
        default: null,
        parseHTML: (el) => el.getAttribute('data-field'),
        renderHTML: (attrs) => (attrs.field ? { 'data-field': attrs.field as string } : {}),
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

export interface MacroOptions {
  /** The macros in reach (mine and my centres'), read when a space or Enter is typed. */
  macros: () => readonly MacroLike[];
}

/**
 * Text macros expanding as you type: after a space (or Enter) the text before the cursor goes through
 * `expandMacro`; a code found there is replaced by the macro's HTML.
 */
export const MacroExpansion = Extension.create<MacroOptions>({
  name: 'macroExpansion',
  addOptions() {
    return { macros: () => [] };
  },
  addProseMirrorPlugins() {
    const options = this.options;
    const editor = this.editor;
    const expandAt = (trigger: string): boolean => {
      const { state } = editor;
      const { $from, empty } = state.selection;
      if (!empty) return false;
      const before = $from.parent.textBetween(0, $from.parentOffset, undefined, '\ufffc') + trigger;
      const found = expandMacro(before, options.macros());
      if (!found) return false;
      const at = before.toLowerCase().lastIndexOf(found.code.toLowerCase());
      if (at < 0) return false;
      const from = $from.pos - ($from.parentOffset - at);
      editor.chain().deleteRange({ from, to: $from.pos }).insertContentAt(from, found.replacement).run();
      return true;
    };
    return [
      new Plugin({
        key: new PluginKey('macroExpansion'),
        props: {
          handleTextInput: (_view, _from, _to, text) => (text === ' ' ? expandAt(' ') : false),
          handleKeyDown: (_view, event) => (event.key === 'Enter' && !event.shiftKey ? expandAt('\n') : false),
        },
      }),
    ];
  },
});
