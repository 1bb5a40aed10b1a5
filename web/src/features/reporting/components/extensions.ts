import { Extension, Mark, mergeAttributes } from '@tiptap/core';
import { Plugin, PluginKey } from '@tiptap/pm/state';
import { expandMacro, type MacroLike } from '@rayworks/contracts';

/**
 * A structured template's placeholder (`<span data-field="key">`) kept as a mark, so a field's phrase can still find
 * its place after the template is in the editor (applyTemplateField).
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
    return ['span', mergeAttributes(HTMLAttributes, { class: 'report-field' }), 0];
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
