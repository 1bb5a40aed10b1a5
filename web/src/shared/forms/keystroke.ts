import { allowInsert, allowKey, isBlockedNumberInputKey, type KeystrokeFilter } from '@rayworks/validation';
import type { ClipboardEvent, KeyboardEvent } from 'react';

type Field = HTMLInputElement | HTMLTextAreaElement;

/**
 * onKeyDown / onPaste handlers that apply a keystroke filter of libs/validation (spec §5): characters the
 * filter refuses, leading spaces and text beyond maxLength or max never reach the field. Number-type inputs
 * also block e, minus, plus and dot. Shortcuts (Ctrl, Cmd, Alt) and named keys pass.
 */
export function keystrokeHandlers(filter: KeystrokeFilter | null, numberInput = false) {
  return {
    onKeyDown: (event: KeyboardEvent<Field>) => {
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      if (numberInput && isBlockedNumberInputKey(event.key)) {
        event.preventDefault();
        return;
      }
      if (!filter) return;
      const el = event.currentTarget;
      if (!allowKey(filter, event.key, el.value, el.selectionStart, el.selectionEnd)) event.preventDefault();
    },
    onPaste: (event: ClipboardEvent<Field>) => {
      if (!filter) return;
      const el = event.currentTarget;
      const text = event.clipboardData.getData('text');
      if (!allowInsert(filter, text, el.value, el.selectionStart, el.selectionEnd)) event.preventDefault();
    },
  };
}
