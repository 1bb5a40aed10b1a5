import type { Sample } from '@rayworks/contracts';
import { code128Svg } from '../../../shared/print/code128';
import { printHtml } from '../../../shared/print/print-frame';
import { labelsDocument } from './sample-label';

/** The printable page of the samples' labels. */
export const labelsHtml = (samples: readonly Sample[]): string => labelsDocument(samples, code128Svg);

/**
 * Prints the samples' labels from a hidden frame (no pop-up to allow): the browser's print dialog sends the 50 × 25 mm
 * pages to the label printer.
 */
export const printLabels = (samples: readonly Sample[]): void => printHtml(labelsHtml(samples), 'label-print-frame');
