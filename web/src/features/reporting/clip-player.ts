/**
 * A dictation clip's player on the Web Audio API (decision 0355): the clip's bytes decoded into an AudioBuffer and
 * played from any position at a speed. Not an <audio> element: the console's Content-Security-Policy (the gateway's)
 * has no media-src, so a media element may not load the console's own blob: URLs; decoding bytes the console fetched
 * is not a load the policy governs. Position, pause and length behave as a media element's (seconds).
 */
export class ClipPlayer {
  private source: AudioBufferSourceNode | null = null;
  /** The position when the current stretch started (or where it stands while paused). */
  private offset = 0;
  /** The context's time when the current stretch started. */
  private startedAt = 0;
  private rate = 1;
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly context: AudioContext,
    private readonly buffer: AudioBuffer,
  ) {}

  get duration(): number {
    return this.buffer.duration;
  }

  get paused(): boolean {
    return this.source === null;
  }

  get currentTime(): number {
    if (!this.source) return this.offset;
    return Math.min(this.duration, this.offset + (this.context.currentTime - this.startedAt) * this.rate);
  }

  get playbackRate(): number {
    return this.rate;
  }

  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  play(): void {
    if (this.source) return;
    // at the end: from the start again, as a media element does
    if (this.offset >= this.duration - 0.01) this.offset = 0;
    const source = this.context.createBufferSource();
    source.buffer = this.buffer;
    source.playbackRate.value = this.rate;
    source.connect(this.context.destination);
    source.onended = () => {
      if (this.source !== source) return;
      this.source = null;
      this.offset = this.duration;
      this.emit();
    };
    void this.context.resume();
    this.startedAt = this.context.currentTime;
    source.start(0, this.offset);
    this.source = source;
    this.emit();
  }

  pause(): void {
    if (!this.source) return;
    this.offset = this.currentTime;
    this.stopSource();
    this.emit();
  }

  /** Moves to `seconds` (within the clip), playing on if it was playing. */
  seek(seconds: number): void {
    const playing = !this.paused;
    if (playing) {
      this.offset = this.currentTime;
      this.stopSource();
    }
    this.offset = Math.min(Math.max(0, seconds), this.duration);
    if (playing) this.play();
    else this.emit();
  }

  setRate(rate: number): void {
    if (this.source) {
      this.offset = this.currentTime;
      this.startedAt = this.context.currentTime;
      this.source.playbackRate.value = rate;
    }
    this.rate = rate;
    this.emit();
  }

  dispose(): void {
    this.stopSource();
    this.listeners.clear();
  }

  private stopSource(): void {
    const source = this.source;
    this.source = null;
    if (source) {
      source.onended = null;
      source.stop();
      source.disconnect();
    }
  }

  private emit(): void {
    for (const listener of this.listeners) listener();
  }
}

let shared: AudioContext | null = null;
/** The page's one AudioContext (made on first use; it starts suspended until a key or click plays). */
export function audioContext(): AudioContext {
  shared ??= new AudioContext();
  return shared;
}

/** A player of a clip's bytes (WebM or Ogg audio, as the recorder wrote them). */
export async function playerOf(blob: Blob): Promise<ClipPlayer> {
  const context = audioContext();
  const buffer = await context.decodeAudioData(await blob.arrayBuffer());
  return new ClipPlayer(context, buffer);
}
