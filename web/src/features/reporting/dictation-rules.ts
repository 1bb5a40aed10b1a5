import { DICTATION_KEYS, DICTATION_SKIP_SECONDS, DICTATION_TYPES, type DictationType } from '@rayworks/contracts';

/**
 * The console's dictation rules (docs/decisions/0354–0356), pure: which audio type the recorder writes, what the
 * player's keys do, the clock the recorder and the player show, and whether the browser recognises speech.
 */

/** The first type MediaRecorder can write of those the service keeps, as recorded and as declared (no codecs). */
export function recorderTypeOf(
  isTypeSupported: (type: string) => boolean,
): { recordAs: string; declared: DictationType } | null {
  const candidates: [string, DictationType][] = [
    ['audio/webm;codecs=opus', 'audio/webm'],
    ['audio/webm', 'audio/webm'],
    ['audio/ogg;codecs=opus', 'audio/ogg'],
    ['audio/ogg', 'audio/ogg'],
  ];
  const found = candidates.find(([type]) => isTypeSupported(type));
  return found ? { recordAs: found[0], declared: found[1] } : null;
}

/** A recorded blob's type without its parameters, when it is one the service keeps. */
export function declaredTypeOf(blobType: string): DictationType | null {
  const bare = blobType.split(';')[0]!.trim().toLowerCase();
  return (DICTATION_TYPES as readonly string[]).includes(bare) ? (bare as DictationType) : null;
}

export type PlayerAction = 'playPause' | 'rewind' | 'forward';

/** What a key does to the player (the foot pedal's keys, decision 0355); null for any other key or with modifiers. */
export function playerActionOf(e: {
  key: string;
  ctrlKey?: boolean;
  altKey?: boolean;
  metaKey?: boolean;
  shiftKey?: boolean;
}): PlayerAction | null {
  if (e.ctrlKey || e.altKey || e.metaKey || e.shiftKey) return null;
  if (e.key === DICTATION_KEYS.playPause) return 'playPause';
  if (e.key === DICTATION_KEYS.rewind) return 'rewind';
  if (e.key === DICTATION_KEYS.forward) return 'forward';
  return null;
}

/**
 * Where a skip lands: DICTATION_SKIP_SECONDS back or on, never before the start, never past the end when the end is
 * known (a recording MediaRecorder wrote may not say its duration until played through: Infinity or NaN).
 */
export function skipTo(current: number, direction: -1 | 1, duration: number): number {
  const to = Math.max(0, current + direction * DICTATION_SKIP_SECONDS);
  return Number.isFinite(duration) && duration > 0 ? Math.min(to, duration) : to;
}

/** m:ss of a length or position in milliseconds (h:mm:ss past an hour). */
export function formatClock(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** The browser's speech recognition constructor (standard or prefixed), or null where the browser has none. */
export function speechRecognitionIn(win: object): (new () => SpeechRecognitionLike) | null {
  const w = win as { SpeechRecognition?: unknown; webkitSpeechRecognition?: unknown };
  const ctor = w.SpeechRecognition ?? w.webkitSpeechRecognition;
  return typeof ctor === 'function' ? (ctor as new () => SpeechRecognitionLike) : null;
}

/** What the console uses of the Web Speech API's SpeechRecognition (not in TypeScript's DOM library). */
export interface SpeechRecognitionLike {
  lang: string;
  continuous: boolean;
  interimResults: boolean;
  onresult:
    | ((event: { resultIndex: number; results: ArrayLike<{ isFinal: boolean; 0: { transcript: string } }> }) => void)
    | null;
  onerror: ((event: { error: string }) => void) | null;
  onend: (() => void) | null;
  start(): void;
  stop(): void;
}

/** The text a recognition result adds at the cursor: its final parts, joined, with a space before. */
export function recognisedText(
  results: ArrayLike<{ isFinal: boolean; 0: { transcript: string } }>,
  from: number,
): string {
  const parts: string[] = [];
  for (let i = from; i < results.length; i += 1) {
    const r = results[i]!;
    if (r.isFinal) parts.push(r[0].transcript.trim());
  }
  const text = parts.filter(Boolean).join(' ');
  return text ? `${text} ` : '';
}
