import { execFile } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { Injectable } from '@nestjs/common';
import { TRANSFER_SYNTAX } from '@rayworks/dicom';

const run = promisify(execFile);

/** The uncompressed transfer syntaxes an instance can be transcoded to (and between). */
export const UNCOMPRESSED_SYNTAXES: ReadonlySet<string> = new Set([
  TRANSFER_SYNTAX.implicitLittleEndian,
  TRANSFER_SYNTAX.explicitLittleEndian,
  TRANSFER_SYNTAX.explicitBigEndian,
]);

/** dcmtk's option naming each uncompressed output syntax (dcmconv, dcmdjpeg, dcmdjpls, dcmdrle). */
const DCMTK_OUTPUT: Record<string, string> = {
  [TRANSFER_SYNTAX.implicitLittleEndian]: '+ti',
  [TRANSFER_SYNTAX.explicitLittleEndian]: '+te',
  [TRANSFER_SYNTAX.explicitBigEndian]: '+tb',
};

/** The dcmtk tool that decodes each compressed syntax straight to an uncompressed one. */
const DCMTK_DECODER: Record<string, string> = {
  '1.2.840.10008.1.2.4.50': 'dcmdjpeg', // JPEG baseline (8 bits)
  '1.2.840.10008.1.2.4.51': 'dcmdjpeg', // JPEG extended (12 bits)
  '1.2.840.10008.1.2.4.57': 'dcmdjpeg', // JPEG lossless
  '1.2.840.10008.1.2.4.70': 'dcmdjpeg', // JPEG lossless, first-order prediction
  '1.2.840.10008.1.2.4.80': 'dcmdjpls', // JPEG-LS lossless
  '1.2.840.10008.1.2.4.81': 'dcmdjpls', // JPEG-LS near-lossless
  '1.2.840.10008.1.2.5': 'dcmdrle', // RLE lossless
};

/** JPEG 2000, which dcmtk's free toolkit cannot decode: GDCM's gdcmconv (OpenJPEG) decodes it to explicit LE. */
const GDCM_DECODABLE: ReadonlySet<string> = new Set(['1.2.840.10008.1.2.4.90', '1.2.840.10008.1.2.4.91']);

/** How long one tool may run on one instance. */
const TOOL_TIMEOUT_MS = 120_000;
/** Transcodings running at once in this process (each is a child process working on one file). */
const MAX_CONCURRENT = 2;

/** Whether an instance stored in `from` can be given in `to` (the same syntax needs nothing). */
export function canTranscode(from: string, to: string): boolean {
  if (from === to) return true;
  if (!UNCOMPRESSED_SYNTAXES.has(to)) return false;
  return UNCOMPRESSED_SYNTAXES.has(from) || from in DCMTK_DECODER || GDCM_DECODABLE.has(from);
}

/** A transcoding that failed (the tool refused the file): the instance cannot be given in that syntax. */
export class TranscodeError extends Error {}

/** A transcoded instance in a scratch file; `dispose` removes it. */
export interface TranscodedFile {
  path: string;
  size: number;
  dispose(): Promise<void>;
}

/**
 * Transcoding of stored instances for WADO-RS (docs/decisions/0208-dicomweb-transcoding.md): between the uncompressed
 * syntaxes with dcmtk's dcmconv, compressed to uncompressed with dcmtk's decoders (dcmdjpeg, dcmdjpls, dcmdrle), JPEG
 * 2000 with GDCM's gdcmconv — Debian's packages, installed by deploy/local/dicom-tools.sh and the Docker image. The
 * stored file streams to a scratch folder, the tool writes the result beside it, the caller streams that out and
 * disposes of it. At most MAX_CONCURRENT run at once; the others wait their turn.
 */
@Injectable()
export class Transcoder {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  async transcode(input: Readable, from: string, to: string): Promise<TranscodedFile> {
    if (!canTranscode(from, to)) throw new TranscodeError(`${from} cannot be transcoded to ${to}`);
    await this.turn();
    const dir = await mkdtemp(path.join(tmpdir(), 'rayworks-transcode-'));
    const dispose = () => rm(dir, { recursive: true, force: true });
    try {
      const source = path.join(dir, 'in.dcm');
      const target = path.join(dir, 'out.dcm');
      await pipeline(input, createWriteStream(source));
      if (UNCOMPRESSED_SYNTAXES.has(from)) await tool('dcmconv', [DCMTK_OUTPUT[to]!, source, target]);
      else if (from in DCMTK_DECODER) await tool(DCMTK_DECODER[from]!, [DCMTK_OUTPUT[to]!, source, target]);
      else {
        const explicit = to === TRANSFER_SYNTAX.explicitLittleEndian ? target : path.join(dir, 'explicit.dcm');
        await tool('gdcmconv', ['--raw', '--explicit', '-i', source, '-o', explicit]);
        if (explicit !== target) await tool('dcmconv', [DCMTK_OUTPUT[to]!, explicit, target]);
      }
      const { size } = await stat(target);
      return { path: target, size, dispose };
    } catch (error) {
      await dispose();
      throw error;
    } finally {
      this.done();
    }
  }

  private async turn(): Promise<void> {
    if (this.running < MAX_CONCURRENT) {
      this.running++;
      return;
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  private done(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.running--;
  }
}

async function tool(command: string, args: string[]): Promise<void> {
  try {
    await run(command, args, { timeout: TOOL_TIMEOUT_MS, maxBuffer: 1024 * 1024 });
  } catch (error) {
    const e = error as { stderr?: string; message: string; code?: string };
    if (e.code === 'ENOENT')
      throw new Error(`${command} is not installed (deploy/local/dicom-tools.sh installs dcmtk and GDCM)`, {
        cause: error,
      });
    throw new TranscodeError(`${command} could not transcode the instance: ${(e.stderr || e.message).trim()}`, {
      cause: error,
    });
  }
}
