import { TRANSFER_SYNTAX } from '@rayworks/dicom';
import { NotAcceptableError } from './dicomweb.errors.js';
import { acceptChoices, acceptsDicomJson, pickSingle, type MediaRange } from './media-types.js';
import type { RenderedType } from './rendering.js';
import { canTranscode, UNCOMPRESSED_SYNTAXES } from './transcoder.js';

/**
 * What each DICOMweb answer may be, from the request's Accept header (PS3.18 8.7): the media type, single part or
 * multipart, and the transfer syntax. Each function answers the first acceptable choice, or throws
 * NotAcceptableError (406) saying what can be given.
 */

const EXPLICIT_LE = TRANSFER_SYNTAX.explicitLittleEndian;

/** A DICOM JSON answer (QIDO-RS, metadata, STOW-RS's answer). */
export function requireDicomJson(accept: MediaRange[], refusal: string): void {
  if (!acceptsDicomJson(accept)) throw new NotAcceptableError(refusal);
}

/** The transfer syntax an instance answer is written in: null as stored (`*`), absent the default. */
const syntaxOf = (asked: string | null): string | null => (asked === '*' ? null : (asked ?? EXPLICIT_LE));

/** A retrieve's choices (PS3.18 10.4.1.1.1): multipart for any resource, application/dicom alone for an instance. */
export function retrieveChoices(accept: MediaRange[], instance: boolean) {
  const choices = acceptChoices(accept, ['application/dicom']).filter((c) => c.multipart || instance);
  if (choices.length === 0)
    throw new NotAcceptableError(
      instance
        ? 'WADO-RS retrieves multipart/related; type="application/dicom" or application/dicom.'
        : 'WADO-RS retrieves a study or series as multipart/related; type="application/dicom" (a single part holds one instance).',
    );
  return choices;
}

/**
 * The first of a retrieve's choices every instance can be given in: `transferSyntax` null as stored (byte for
 * byte), else the syntax to give (the stored one, or transcoded to it).
 */
export function retrievePlan(
  choices: ReturnType<typeof retrieveChoices>,
  storedSyntaxes: readonly string[],
): { transferSyntax: string | null; single: boolean } {
  const choice = choices.find((c) => {
    const syntax = syntaxOf(c.transferSyntax);
    return !syntax || storedSyntaxes.every((stored) => canTranscode(stored, syntax));
  });
  if (!choice)
    throw new NotAcceptableError(
      'The instances cannot be given in the transfer syntax asked for (transcoded to uncompressed syntaxes only).',
    );
  return { transferSyntax: syntaxOf(choice.transferSyntax), single: !choice.multipart };
}

/** The frames an answer holds, and how they are stored. */
export interface FramesAsked {
  /** The stored frames' media type (application/octet-stream for native pixel data). */
  stored: string;
  transferSyntaxUid: string;
  pixelDataEncapsulated: boolean;
  /** Whether the answer holds one frame (a single-part answer holds one only). */
  one: boolean;
}

/**
 * Frames (PS3.18 8.7.3): the first choice that can be given — the stored frames (their compressed media type, any
 * type with transfer-syntax=*, or native ones asked in their own syntax; `native` null), or native frames in an
 * uncompressed syntax (octet-stream: default explicit VR little endian; `native` that syntax), transcoded where the
 * stored syntax differs. A single-part choice holds one frame only.
 */
export function framesPlan(accept: MediaRange[], frames: FramesAsked): { native: string | null; single: boolean } {
  const syntax = frames.transferSyntaxUid;
  for (const c of acceptChoices(accept, [...new Set([frames.stored, 'application/octet-stream'])])) {
    if (!c.multipart && !frames.one) continue;
    const asked = c.transferSyntax;
    const single = !c.multipart;
    if (c.partType !== 'application/octet-stream' || asked === '*') {
      if (!asked || asked === '*' || asked === syntax) return { native: null, single };
      continue;
    }
    const wanted = asked ?? EXPLICIT_LE;
    if (wanted === syntax && !frames.pixelDataEncapsulated) return { native: null, single };
    if (UNCOMPRESSED_SYNTAXES.has(wanted) && canTranscode(syntax, wanted)) return { native: wanted, single };
  }
  throw new NotAcceptableError(
    `Frames of this instance are ${frames.stored}; transfer-syntax=${syntax}, or native frames in an uncompressed ` +
      'syntax (multipart unless one frame is asked).',
  );
}

/** A bulk data element other than the pixel data: application/octet-stream, little endian, single or multipart. */
export function bulkDataPlan(accept: MediaRange[]): { single: boolean } {
  const choice = acceptChoices(accept, ['application/octet-stream']).find(
    (c) => !c.transferSyntax || c.transferSyntax === '*' || c.transferSyntax === EXPLICIT_LE,
  );
  if (!choice)
    throw new NotAcceptableError('Bulk data is application/octet-stream (little endian), single or multipart.');
  return { single: !choice.multipart };
}

/** One rendered image: image/jpeg or image/png alone. */
export function renderedType(accept: MediaRange[]): RenderedType {
  const type = pickSingle(accept, ['image/jpeg', 'image/png']) as RenderedType | null;
  if (!type) throw new NotAcceptableError('Rendered images are image/jpeg or image/png.');
  return type;
}

/**
 * A rendered study or series (PS3.18 10.4.1.1.3): many instances, so multipart/related of rendered images (a
 * single-part image holds one instance).
 */
export function renderedPartType(accept: MediaRange[]): RenderedType {
  const choice = acceptChoices(accept, ['image/jpeg', 'image/png']).find((c) => c.multipart);
  if (!choice)
    throw new NotAcceptableError(
      'A rendered study or series is multipart/related; type="image/jpeg" or "image/png" (one image per instance).',
    );
  return choice.partType as RenderedType;
}
