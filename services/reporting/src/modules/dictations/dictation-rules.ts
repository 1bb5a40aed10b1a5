import { DICTATION_MESSAGES, type Case, type DictationType, type ReportStatus } from '@rayworks/contracts';
import { mayWrite, type ReportActor, type ReportDecision } from '../reports/report-rules.js';

/**
 * Dictation's rules (docs/decisions/0354-dictation-clips.md), pure: who records, where a clip is kept, and whether
 * the stored bytes are the audio the caller declared.
 */

const EXTENSIONS: Record<DictationType, string> = { 'audio/webm': 'webm', 'audio/ogg': 'ogg' };

/** Where a case's clips live in the object store: the fileID of an upload starts here. */
export const dictationPrefix = (tenantId: string, caseId: string): string => `dictations/${tenantId}/${caseId}/`;

/** A new clip's key under the case's prefix. */
export const dictationKey = (tenantId: string, caseId: string, id: string, type: DictationType): string =>
  `${dictationPrefix(tenantId, caseId)}${id}.${EXTENSIONS[type]}`;

/** A fileID the caller sends back is one the case's upload URL could have been signed for, of the declared type. */
export function isDictationKeyOf(fileID: string, tenantId: string, caseId: string, type: DictationType): boolean {
  const prefix = dictationPrefix(tenantId, caseId);
  if (!fileID.startsWith(prefix)) return false;
  const rest = fileID.slice(prefix.length);
  return new RegExp(`^[0-9a-f-]{36}\\.${EXTENSIONS[type]}$`).test(rest);
}

/**
 * Who records: whoever may write the report's text, except at the typist (the transcriptionist plays the clips, does
 * not record them) — the reading radiologist of a case IN PROGRESS, a reviewer of a case PENDING FOR REVIEW. A final
 * report takes no new clip (an addendum is typed).
 */
export function mayRecord(c: Case, reportStatus: ReportStatus, actor: ReportActor): ReportDecision {
  const write = mayWrite(c, reportStatus, actor);
  if (!write.ok) return write;
  if (c.status === 'PENDING AT TYPIST')
    return { ok: false, code: 409, message: DICTATION_MESSAGES.notRecorder(c.status) };
  return write;
}

const EBML_MAGIC = [0x1a, 0x45, 0xdf, 0xa3];
const OGG_MAGIC = [0x4f, 0x67, 0x67, 0x53]; // 'OggS'

/**
 * The audio type the first bytes of a file are, by their signature: WebM (an EBML header whose DocType is "webm":
 * Matroska is not WebM) or Ogg ('OggS'); null for anything else.
 */
export function sniffAudio(head: Uint8Array): DictationType | null {
  const starts = (magic: number[]) => magic.every((b, i) => head[i] === b);
  if (starts(OGG_MAGIC)) return 'audio/ogg';
  if (starts(EBML_MAGIC)) {
    const text = Buffer.from(head.subarray(0, 64)).toString('latin1');
    // the DocType element (0x4282), its size (one or two bytes), then the text
    return /\x42\x82[\x80-\xff]?.webm/s.test(text) ? 'audio/webm' : null;
  }
  return null;
}

/** How many first bytes sniffAudio reads. */
export const SNIFF_BYTES = 64;
