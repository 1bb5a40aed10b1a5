import { Link } from '@mantine/tiptap';
import type { MacroLike } from '@rayworks/contracts';
import Placeholder from '@tiptap/extension-placeholder';
import TextAlign from '@tiptap/extension-text-align';
import StarterKit from '@tiptap/starter-kit';
import { AccessibleName, MacroExpansion, TemplateField } from './extensions';

/**
 * The TipTap extensions of a report's text (the report editor and its addenda, docs/decisions/0191-report-editor.md):
 * the formatting the server's allow-list keeps, links, alignment, a placeholder, the structured fields' marks (typed
 * over, moved between with Tab: decision 0340), the macros expanding as you type, and the text box's accessible name.
 */
export const reportExtensions = (macros: () => readonly MacroLike[], placeholder: string, name = 'Report text') => [
  StarterKit.configure({ link: false }),
  Link,
  TextAlign.configure({ types: ['heading', 'paragraph'] }),
  Placeholder.configure({ placeholder }),
  // after the macros: a space typed in a field expands a macro first, then goes on in the field
  MacroExpansion.configure({ macros }),
  TemplateField.configure({ navigate: true }),
  AccessibleName.configure({ name }),
];
