import type { ManifestDetail } from '@rayworks/contracts';
import { code128Svg } from '../../../shared/print/code128';
import { printHtml } from '../../../shared/print/print-frame';
import { manifestSheetDocument } from './manifest-sheet';

/** Prints the manifest's sheet (A4) from a hidden frame. */
export const printManifest = (m: ManifestDetail): void =>
  printHtml(manifestSheetDocument(m, code128Svg), 'manifest-print-frame');
