// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- dcmjs ships no types for its dictionary module; this brings the declaration into every program that compiles this file (the web console too)
/// <reference path="./dcmjs-dictionary.d.ts" />
// The VR of a tag, for implicit-VR files that do not carry it. The data dictionary is dcmjs's (generated from the
// DICOM standard's PS3.6 by that project), imported from its standalone `dcmjs/dictionary` module so neither the
// console nor the worker loads the rest of dcmjs. See docs/decisions/0093-dicom-json-from-dicom-parser.md.
import dictionary from 'dcmjs/dictionary';

let publicVrs: Map<string, string> | undefined;
let repeatingVrs: Map<string, string> | undefined;
let usOrSs: Set<string> | undefined;
let tagsByKeyword: Map<string, string> | undefined;

/** dcmjs writes context-dependent VRs as placeholders; these are what an implicit VR Little Endian file holds. */
const PLACEHOLDER_VR: Record<string, string | undefined> = {
  xs: 'US', // US or SS: pixel representation decides; US is the reading that never loses bits for the tags it covers
  ox: 'OW', // OB or OW: implicit VR always encodes these as OW
  lt: 'OW', // US or OW (LUT data)
  up: 'UL', // UL or "unsigned pointer" (DICOMDIR offsets)
  na: undefined, // item and delimitation tags: not data elements
};

function normaliseVr(vr: string | undefined): string | undefined {
  if (!vr) return undefined;
  return vr in PLACEHOLDER_VR ? PLACEHOLDER_VR[vr] : vr.toUpperCase();
}

function build(): void {
  publicVrs = new Map();
  repeatingVrs = new Map();
  usOrSs = new Set();
  tagsByKeyword = new Map();
  for (const entry of Object.values(dictionary)) {
    if (entry.version === 'PrivateTag') continue;
    const exactTag = /^\(([0-9A-F]{4}),([0-9A-F]{4})\)$/i.exec(entry.tag);
    if (exactTag && entry.name && !tagsByKeyword.has(entry.name))
      tagsByKeyword.set(entry.name, `${exactTag[1]}${exactTag[2]}`.toUpperCase());
    if (entry.vr === 'xs') usOrSs.add(entry.tag.replace(/[(),]/g, '').toUpperCase());
    const vr = normaliseVr(entry.vr);
    if (!vr) continue;
    const m = /^\(([0-9A-F]{4})(?:-([0-9A-F]{4}))?,([0-9A-F]{4})\)$/i.exec(entry.tag);
    if (!m) continue; // other ranges in the dictionary (group lengths, private blocks) are handled below
    const [, group, groupEnd, element] = m;
    if (groupEnd) repeatingVrs.set(`${group!.slice(0, 2).toUpperCase()}${element!.toUpperCase()}`, vr);
    else publicVrs.set(`${group}${element}`.toUpperCase(), vr);
  }
}

/**
 * The dictionary VR of a tag given as 8 hex digits (`0010 0010` → 'PN'), or undefined when the dictionary does not
 * know it (private and unknown tags: their VR is UN).
 */
export function dictionaryVr(tag: string): string | undefined {
  if (!publicVrs || !repeatingVrs) build();
  const key = tag.toUpperCase();
  const group = parseInt(key.slice(0, 4), 16);
  const element = parseInt(key.slice(4), 16);
  if (element === 0) return 'UL'; // group length
  if (group % 2 === 1) return element >= 0x10 && element <= 0xff ? 'LO' : undefined; // private creator / private
  const exact = publicVrs!.get(key);
  if (exact) return exact;
  // Repeating groups: overlays (60xx), curves (50xx), variable pixel data (7Fxx).
  const high = key.slice(0, 2);
  if (high === '60' || high === '50' || high === '7F') return repeatingVrs!.get(`${high}${key.slice(4)}`);
  return undefined;
}

/** Whether the dictionary gives a tag as "US or SS" (pixel values: Pixel Representation decides). */
export function isUsOrSsTag(tag: string): boolean {
  if (!usOrSs) build();
  return usOrSs!.has(tag.toUpperCase());
}

/**
 * The tag (8 upper-case hex digits) of a keyword of the DICOM dictionary (PS3.6: `PatientAge` → '00101010'), or
 * undefined when the dictionary has no such keyword. Keywords of repeating groups (overlays, curves) are not given:
 * they name no single tag.
 */
export function dictionaryTagOf(keyword: string): string | undefined {
  if (!tagsByKeyword) build();
  return tagsByKeyword!.get(keyword);
}
