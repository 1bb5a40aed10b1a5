import { notifications } from '@mantine/notifications';

/** Toasts appear top-right and close after 3000 ms (spec §9); the Notifications provider sets both. */
export const TOAST_AUTO_CLOSE_MS = 3000;

/** The close button of a toast is named for screen readers (WCAG 4.1.2: axe's button-name). */
const closeButtonProps = { 'aria-label': 'Close' };

/** One toast of the console's: its colour, words (and a title above them when given), the shared close and timing. */
function show(color: 'red' | 'teal', message: string, id?: string, title?: string): void {
  notifications.show({
    id,
    color,
    ...(title ? { title } : {}),
    message,
    autoClose: TOAST_AUTO_CLOSE_MS,
    withBorder: true,
    closeButtonProps,
  });
}

export function toastError(message: string, id?: string): void {
  show('red', message, id);
}

export function toastSuccess(message: string, id?: string): void {
  show('teal', message, id);
}

/** A success with its words as the title and what it did below (e.g. 'Case Assigned Successfully' / 'Assigned to …'). */
export function toastDone(title: string, message: string, id?: string): void {
  show('teal', message, id, title);
}
