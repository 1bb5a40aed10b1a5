import { toSVG } from 'bwip-js/browser';
import type { ManifestDetail } from '@rayworks/contracts';
import { printHtml } from '../../../shared/print/print-frame';
import { manifestSheetDocument } from './manifest-sheet';

const code128Svg = (text: string): string => toSVG({ bcid: 'code128', text, height: 9, scale: 2, includetext: false });

/** Prints the manifest's sheet (A4) from a hidden frame. */
export const printManifest = (m: ManifestDetail): void =>
  printHtml(manifestSheetDocument(m, code128Svg), 'manifest-print-frame');
