import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { Piscina } from 'piscina';
import { IMAGING_ENV, type ImagingEnv } from '../../config/env.js';
import type { HeaderParseResult, HeaderParseTask } from './header-parse.worker.js';

/** The thread file (compiled beside this one). */
export const HEADER_PARSE_WORKER = new URL('./header-parse.worker.js', import.meta.url).href;

export interface HeaderParserOptions {
  threads: number;
  timeoutMs: number;
  /** The worker file (tests give one that never answers). */
  filename?: string;
}

/**
 * Parses instance headers in a pool of worker threads (piscina), each parse with a time limit
 * (docs/decisions/0099-hostile-archives.md): a parse that throws answers `{ ok: false, detail }`; one that does not
 * end in time is aborted — piscina ends its thread and starts a fresh one — and answers `{ ok: false }` too, so
 * one bad file never stops an import. At most `threads` parses are handed to the pool at once, so a parse's time
 * counts from when a thread takes it, not from a wait in the queue.
 */
@Injectable()
export class HeaderParser implements OnModuleInit, OnModuleDestroy {
  private pool: Piscina | null = null;
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  private readonly options: HeaderParserOptions;

  constructor(@Inject(IMAGING_ENV) env: Pick<ImagingEnv, 'IMPORT_PARSE_THREADS' | 'IMPORT_PARSE_TIMEOUT_MS'>) {
    this.options = { threads: env.IMPORT_PARSE_THREADS, timeoutMs: env.IMPORT_PARSE_TIMEOUT_MS };
  }

  static withOptions(options: HeaderParserOptions): HeaderParser {
    const parser = new HeaderParser({
      IMPORT_PARSE_THREADS: options.threads,
      IMPORT_PARSE_TIMEOUT_MS: options.timeoutMs,
    });
    Object.assign(parser.options, options);
    return parser;
  }

  /** `headerOnly`: the bytes are the file's head only (a streamed instance), parsed up to its pixel data. */
  async parse(bytes: Uint8Array, { headerOnly = false }: { headerOnly?: boolean } = {}): Promise<HeaderParseResult> {
    await this.slot();
    try {
      const input: HeaderParseTask = headerOnly ? { bytes, headerOnly } : bytes;
      const task = this.getPool().run(input, { signal: AbortSignal.timeout(this.options.timeoutMs) });
      return (await task) as HeaderParseResult;
    } catch (error) {
      const timedOut = error instanceof Error && /abort/i.test(`${error.name} ${error.message}`);
      return {
        ok: false,
        detail: timedOut
          ? `the header did not parse within ${this.options.timeoutMs} ms`
          : `the header parser failed: ${error instanceof Error ? error.message : String(error)}`,
      };
    } finally {
      this.release();
    }
  }

  /**
   * The threads start with the process, not with the first file (docs/decisions/0369): each loads the DICOM parser's
   * modules once (≈ 1.5 s of CPU under load), which an import or a STOW-RS request would otherwise wait for.
   */
  onModuleInit(): void {
    this.getPool();
  }

  async onModuleDestroy(): Promise<void> {
    const pool = this.pool;
    this.pool = null;
    await pool?.destroy();
  }

  private getPool(): Piscina {
    this.pool ??= new Piscina({
      filename: this.options.filename ?? HEADER_PARSE_WORKER,
      minThreads: this.options.threads,
      maxThreads: this.options.threads,
      idleTimeout: 60_000,
    });
    return this.pool;
  }

  private async slot(): Promise<void> {
    if (this.running < this.options.threads) {
      this.running++;
      return;
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.running--;
  }
}
