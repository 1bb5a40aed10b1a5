import { describe, expect, it } from '@jest/globals';
import { DICTATION_KEYS, DICTATION_SKIP_SECONDS } from '@rayworks/contracts';
import {
  declaredTypeOf,
  formatClock,
  playerActionOf,
  recognisedText,
  recorderTypeOf,
  skipTo,
  speechRecognitionIn,
} from './dictation-rules';

describe('the recorder type', () => {
  it("Chromium's WebM/Opus first, then Ogg (Firefox); none when the browser writes neither", () => {
    expect(recorderTypeOf(() => true)).toEqual({ recordAs: 'audio/webm;codecs=opus', declared: 'audio/webm' });
    expect(recorderTypeOf((t) => t.startsWith('audio/ogg'))).toEqual({
      recordAs: 'audio/ogg;codecs=opus',
      declared: 'audio/ogg',
    });
    expect(recorderTypeOf((t) => t === 'audio/mp4')).toBeNull();
  });

  it("a blob's type is declared without its codecs, and only as a type the service keeps", () => {
    expect(declaredTypeOf('audio/webm;codecs=opus')).toBe('audio/webm');
    expect(declaredTypeOf('audio/ogg')).toBe('audio/ogg');
    expect(declaredTypeOf('audio/mp4')).toBeNull();
    expect(declaredTypeOf('')).toBeNull();
  });
});

describe("the player's keys", () => {
  it('the foot pedal keys play/pause, rewind and forward; with a modifier or another key they do nothing', () => {
    expect(playerActionOf({ key: DICTATION_KEYS.playPause })).toBe('playPause');
    expect(playerActionOf({ key: DICTATION_KEYS.rewind })).toBe('rewind');
    expect(playerActionOf({ key: DICTATION_KEYS.forward })).toBe('forward');
    expect(playerActionOf({ key: DICTATION_KEYS.playPause, ctrlKey: true })).toBeNull();
    expect(playerActionOf({ key: ' ' })).toBeNull();
    expect(playerActionOf({ key: 'F5' })).toBeNull();
  });

  it('a skip moves by the skip seconds, never before the start nor past a known end', () => {
    expect(skipTo(10, -1, 60)).toBe(10 - DICTATION_SKIP_SECONDS);
    expect(skipTo(1, -1, 60)).toBe(0);
    expect(skipTo(59, 1, 60)).toBe(60);
    // a MediaRecorder WebM that has not said its length yet
    expect(skipTo(10, 1, Infinity)).toBe(10 + DICTATION_SKIP_SECONDS);
    expect(skipTo(10, 1, NaN)).toBe(10 + DICTATION_SKIP_SECONDS);
  });

  it('the clock is m:ss, h:mm:ss past an hour', () => {
    expect(formatClock(0)).toBe('0:00');
    expect(formatClock(65_400)).toBe('1:05');
    expect(formatClock(3_725_000)).toBe('1:02:05');
  });
});

describe('speech recognition', () => {
  it('is the standard or the prefixed constructor, or none (the Dictate button is then hidden)', () => {
    class Recogniser {}
    expect(speechRecognitionIn({ SpeechRecognition: Recogniser })).toBe(Recogniser);
    expect(speechRecognitionIn({ webkitSpeechRecognition: Recogniser })).toBe(Recogniser);
    expect(speechRecognitionIn({})).toBeNull();
    expect(speechRecognitionIn({ webkitSpeechRecognition: 'not a constructor' })).toBeNull();
  });

  it("inserts the final results' text from the event's first new result", () => {
    const result = (transcript: string, isFinal: boolean) => ({ isFinal, 0: { transcript } });
    const results = [result('old', true), result(' no acute ', true), result('infarct', true), result('maybe', false)];
    expect(recognisedText(results, 1)).toBe('no acute infarct ');
    expect(recognisedText([result('partial', false)], 0)).toBe('');
  });
});
