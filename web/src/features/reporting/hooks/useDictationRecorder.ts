import { DICTATION_BITS_PER_SECOND, DICTATION_MAX_MS, type DictationType } from '@rayworks/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { recorderTypeOf } from '../dictation-rules';

export type RecorderState = 'idle' | 'starting' | 'recording' | 'paused' | 'recorded' | 'unsupported' | 'denied';

export interface Recording {
  blob: Blob;
  type: DictationType;
  durationMs: number;
}

/**
 * One dictation recording with MediaRecorder (decision 0354): record, pause, resume, stop; the elapsed time without
 * the pauses; stops itself at DICTATION_MAX_MS. After stop the recording is a blob (the recorder plays it back with
 * a ClipPlayer) until it is attached or discarded. 'unsupported' where the browser has no MediaRecorder or records neither WebM
 * nor Ogg; 'denied' when the microphone was refused.
 */
export function useDictationRecorder() {
  const supported =
    typeof window !== 'undefined' &&
    typeof window.MediaRecorder === 'function' &&
    Boolean(navigator.mediaDevices?.getUserMedia) &&
    recorderTypeOf((t) => window.MediaRecorder.isTypeSupported(t)) !== null;
  const [state, setState] = useState<RecorderState>(supported ? 'idle' : 'unsupported');
  const [elapsedMs, setElapsedMs] = useState(0);
  const [recording, setRecording] = useState<Recording | null>(null);
  const recorder = useRef<MediaRecorder | null>(null);
  const stream = useRef<MediaStream | null>(null);
  const chunks = useRef<Blob[]>([]);
  // time recorded before the current stretch, and when the current stretch started (null while paused)
  const banked = useRef(0);
  const since = useRef<number | null>(null);

  const elapsedNow = () => banked.current + (since.current === null ? 0 : performance.now() - since.current);

  const release = () => {
    stream.current?.getTracks().forEach((track) => track.stop());
    stream.current = null;
  };

  const stop = useCallback(() => {
    const r = recorder.current;
    if (!r || r.state === 'inactive') return;
    banked.current = elapsedNow();
    since.current = null;
    r.stop();
  }, []);

  useEffect(() => {
    if (state !== 'recording') return;
    const timer = window.setInterval(() => {
      const ms = elapsedNow();
      setElapsedMs(ms);
      if (ms >= DICTATION_MAX_MS) stop();
    }, 200);
    return () => window.clearInterval(timer);
  }, [state, stop]);

  // leaving the editor stops the microphone
  useEffect(
    () => () => {
      if (recorder.current && recorder.current.state !== 'inactive') recorder.current.stop();
      release();
    },
    [],
  );

  const start = useCallback(async () => {
    const type = recorderTypeOf((t) => MediaRecorder.isTypeSupported(t));
    if (!type) return setState('unsupported');
    setState('starting');
    try {
      stream.current = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch {
      setState('denied');
      return;
    }
    chunks.current = [];
    banked.current = 0;
    const r = new MediaRecorder(stream.current, {
      mimeType: type.recordAs,
      audioBitsPerSecond: DICTATION_BITS_PER_SECOND,
    });
    r.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.current.push(event.data);
    };
    r.onstop = () => {
      release();
      const blob = new Blob(chunks.current, { type: type.declared });
      const durationMs = Math.round(banked.current);
      setElapsedMs(durationMs);
      setRecording({ blob, type: type.declared, durationMs });
      setState('recorded');
    };
    recorder.current = r;
    r.start(1000);
    since.current = performance.now();
    setElapsedMs(0);
    setState('recording');
  }, []);

  const pause = useCallback(() => {
    if (recorder.current?.state !== 'recording') return;
    recorder.current.pause();
    banked.current = elapsedNow();
    since.current = null;
    setElapsedMs(banked.current);
    setState('paused');
  }, []);

  const resume = useCallback(() => {
    if (recorder.current?.state !== 'paused') return;
    recorder.current.resume();
    since.current = performance.now();
    setState('recording');
  }, []);

  /** Forgets the recording (after it was attached, or discarded). */
  const reset = useCallback(() => {
    setRecording(null);
    setElapsedMs(0);
    banked.current = 0;
    setState(supported ? 'idle' : 'unsupported');
  }, [supported]);

  return { state, elapsedMs, recording, start, pause, resume, stop, reset };
}
