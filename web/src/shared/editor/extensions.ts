import { Extension, Mark, mergeAttributes } from '@tiptap/core';
import { Plugin, PluginKey } from '@tiptap/pm/state';
import { Decoration, DecorationSet } from '@tiptap/pm/view';
import { expandMacro, type MacroLike } from '@rayworks/contracts';
import { fieldAt, fieldRanges, nextField, selectField, typeOnInField, typeOverField } from './template-fields';

export interface TemplateFieldOptions {
  /**
   * The report editor's way with fields (decision 0340): text typed over a field stays in it, Tab and Shift+Tab move
   * to the next and previous field (placeholders first), a click on a placeholder selects it, and placeholders show
   * as such. Off in the template editor, where the author writes the placeholders themselves.
   */
  navigate: boolean;
}

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    templateField: {
      /** Selects the field of this key (its first run), scrolled into view; false when the text has no such field. */
      selectTemplateField: (key: string) => ReturnType;
    };
  }
}

const fieldsKey = new PluginKey<string | null>('templateFields');

/**
 * A structured field's placeholder, `<span data-field="<key>">…</span>` (docs/decisions/0178), kept as a mark in the
 * report editor and the template editor: TipTap keeps only what an extension describes, so without it the span (the
 * place a phrase fills, applyTemplateField) would be lost on the first edit.
 */
export const TemplateField = Mark.create<TemplateFieldOptions>({
  name: 'templateField',
  inclusive: false,
  addOptions() {
    return { navigate: false };
  },
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
  addCommands() {
    return {
      selectTemplateField:
        (key: string) =>
        ({ state, dispatch }) => {
          const field = fieldRanges(state.doc, this.type).find((r) => r.key === key);
          if (!field) return false;
          if (dispatch) dispatch(selectField(state, field));
          return true;
        },
    };
  },
  addKeyboardShortcuts(): Record<string, () => boolean> {
    if (!this.options.navigate) return {};
    const move = (direction: 1 | -1) => () => {
      const { state, view } = this.editor;
      const field = nextField(fieldRanges(state.doc, this.type), state.selection.from, direction);
      if (!field) return false;
      view.dispatch(selectField(state, field));
      return true;
    };
    return { Tab: move(1), 'Shift-Tab': move(-1) };
  },
  addProseMirrorPlugins() {
    if (!this.options.navigate) return [];
    const type = this.type;
    return [
      new Plugin<string | null>({
        key: fieldsKey,
        // the field being filled: set by typing over it, kept while typing goes on, dropped when the cursor moves
        state: {
          init: () => null,
          apply: (tr, active) => {
            const meta = tr.getMeta(fieldsKey) as string | null | undefined;
            if (meta !== undefined) return meta;
            if (tr.selectionSet && !tr.docChanged) return null;
            return active;
          },
        },
        props: {
          handleTextInput: (view, from, to, text) => {
            // the range typed over is ProseMirror's (the selection may not be read from the page yet)
            const range = { from, to };
            const over = typeOverField(view.state, type, text, range);
            const active = fieldsKey.getState(view.state) ?? null;
            const tr = over ?? typeOnInField(view.state, type, active, text, range);
            if (!tr) return false;
            if (over) tr.setMeta(fieldsKey, fieldAt(fieldRanges(view.state.doc, type), from, to)?.key ?? null);
            view.dispatch(tr);
            return true;
          },
          handleClick: (view, pos) => {
            if (!view.editable) return false;
            const field = fieldAt(fieldRanges(view.state.doc, type), pos, pos);
            if (!field || !field.empty) return false;
            view.dispatch(selectField(view.state, field));
            return true;
          },
          decorations: (state) =>
            DecorationSet.create(
              state.doc,
              fieldRanges(state.doc, type)
                .filter((r) => r.empty)
                .map((r) => Decoration.inline(r.from, r.to, { class: 'template-field-empty' })),
            ),
        },
      }),
    ];
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

interface AccessibleNameOptions {
  /** What the text box is called to a screen reader ('Report text'). */
  name: string;
}

/**
 * The editor's accessible name: TipTap's editable element is a text box (role textbox) with no label of its own, which axe reports as serious (aria-input-field-name; issue 25 item 16).
 */
export const AccessibleName = Extension.create<AccessibleNameOptions>({
  name: 'accessibleName',
  addOptions() {
    return { name: 'Text' };
  },
  addProseMirrorPlugins() {
    const name = this.options.name;
    return [
      new Plugin({
        key: new PluginKey('accessibleName'),
        props: { attributes: { 'aria-label': name, 'aria-multiline': 'true' } },
      }),
    ];
  },
});
