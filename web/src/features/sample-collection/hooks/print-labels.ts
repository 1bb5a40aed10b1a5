import { toSVG } from 'bwip-js/browser';
import type { Sample } from '@rayworks/contracts';
import { labelsDocument } from './sample-label';

/** A Code 128 symbol of a barcode as SVG (bwip-js), without its human-readable text (the label prints it apart). */
export const code128Svg = (barcode: string): string =>
  toSVG({ bcid: 'code128', text: barcode, height: 9, scale: 2, includetext: false });

/** The printable page of the samples' labels. */
export const labelsHtml = (samples: readonly Sample[]): string => labelsDocument(samples, code128Svg);

/**
 * Prints the samples' labels from a hidden frame (no pop-up to allow): the browser's print dialog sends the 50 × 25 mm
 * pages to the label printer. The frame goes once the dialog closes.
 */
export function printLabels(samples: readonly Sample[]): void {
  const frame = document.createElement('iframe');
  frame.setAttribute('aria-hidden', 'true');
  frame.style.position = 'fixed';
  frame.style.width = '0';
  frame.style.height = '0';
  frame.style.border = '0';
  frame.dataset.testid = 'label-print-frame';
  frame.onload = () => {
    const win = frame.contentWindow;
    if (!win) return;
    win.addEventListener('afterprint', () => frame.remove(), { once: true });
    win.focus();
    win.print();
  };
  frame.srcdoc = labelsHtml(samples);
  document.body.appendChild(frame);
}
