import { toSVG } from 'bwip-js/browser';

/** A Code 128 symbol as SVG (bwip-js), without its human-readable text (the printed page writes it apart). */
export const code128Svg = (text: string): string =>
  toSVG({ bcid: 'code128', text, height: 9, scale: 2, includetext: false });
