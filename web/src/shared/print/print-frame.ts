/**
 * Prints an HTML page from a hidden frame (no pop-up to allow): the browser's print dialog opens on it, and the frame
 * goes once the dialog closes. `testId` names the frame for the end-to-end tests, which read what it prints.
 */
export function printHtml(html: string, testId: string): void {
  const frame = document.createElement('iframe');
  frame.setAttribute('aria-hidden', 'true');
  frame.style.position = 'fixed';
  frame.style.width = '0';
  frame.style.height = '0';
  frame.style.border = '0';
  frame.dataset.testid = testId;
  frame.onload = () => {
    const win = frame.contentWindow;
    if (!win) return;
    win.addEventListener('afterprint', () => frame.remove(), { once: true });
    win.focus();
    win.print();
  };
  frame.srcdoc = html;
  document.body.appendChild(frame);
}
