import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rmdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { imagingStorageKeys } from '@rayworks/contracts';
import {
  buildBigInstance,
  everyRoleTenant,
  patchZipEntry,
  removeFixtures,
  tenantQuery,
  writeZip,
  type EveryRoleTenant,
  stackProcesses,
} from '@rayworks/testing';
import { signIn, storage, uploadOnly, type Caller } from '../support/imports.js';

const { processTable, processEnv } = await stackProcesses();
const RUN_IMPORT = new URL('../support/run-import.mjs', import.meta.url).pathname;

const MiB = 1024 * 1024;
/** The instance: 1,200 frames of 512 x 512 x 16 bit (600 MiB), about 24 MB zipped. */
const FRAMES = 1200;
const PIXEL_BYTES = FRAMES * 512 * 512 * 2;
/**
 * The import's process is held to this much memory (a cgroup's limit, where the test can make one: the kernel then
 * kills it, as Kubernetes would under the chart's 2 Gi) and its peak resident memory must stay below it: less than
 * the instance itself, so the instance is never held whole.
 */
const LIMIT_BYTES = 512 * MiB;

/** A memory cgroup (v1 or v2) of this test's own under the current one, or null where none can be made. */
async function memoryCgroup(limitBytes: number): Promise<{ procs: string; remove: () => Promise<void> } | null> {
  try {
    const own = await readFile('/proc/self/cgroup', 'utf8');
    const v1 = /^\d+:memory:(.*)$/m.exec(own)?.[1];
    const v2 = /^0::(.*)$/m.exec(own)?.[1];
    const [dir, limitFile] =
      v1 !== undefined
        ? [path.join('/sys/fs/cgroup/memory', v1, `it-import-${process.pid}`), 'memory.limit_in_bytes']
        : [path.join('/sys/fs/cgroup', v2 ?? '/', `it-import-${process.pid}`), 'memory.max'];
    await mkdir(dir);
    await writeFile(path.join(dir, limitFile), String(limitBytes));
    if (v1 !== undefined)
      await writeFile(path.join(dir, 'memory.memsw.limit_in_bytes'), String(limitBytes)).catch(() => undefined);
    return { procs: path.join(dir, 'cgroup.procs'), remove: () => rmdir(dir).catch(() => undefined) };
  } catch {
    return null;
  }
}

/**
 * Issue 20, item 6: one big instance (600 MiB in a 24 MB zip) must not take the import worker's memory with it. The
 * import runs as the worker runs it (StudyImportService over the built service) in a process of its own, held to
 * 512 MiB by a memory cgroup where the machine lets the test make one (an OOM kill is then seen as the process
 * dying), its peak resident memory observed either way: the instance is streamed to the store, never held whole.
 * The archive's protections stay while an entry streams: one that inflates past what it declares refuses the
 * archive, and nothing of it is kept (docs/decisions/0099).
 */
describe('an import of an instance larger than the worker may hold', () => {
  let t: EveryRoleTenant;
  let reception: Caller;
  let dir: string;

  beforeAll(async () => {
    t = await everyRoleTenant('bigimport');
    reception = await signIn(t.login('reception'));
    dir = await mkdtemp(path.join(tmpdir(), 'import-memory-'));
  }, 60_000);

  afterAll(async () => {
    if (dir) await removeFixtures(dir);
  });

  async function runImport(importId: string, env: Record<string, string> = {}) {
    const proc = processTable().find((p) => p.name === 'imaging-worker')!;
    const cgroup = await memoryCgroup(LIMIT_BYTES);
    // joins the cgroup before node starts, so every byte it ever holds counts
    const command = cgroup ? `echo $$ > '${cgroup.procs}' && exec "$0" "$@"` : 'exec "$0" "$@"';
    const child = spawn('/bin/sh', ['-c', command, process.execPath, RUN_IMPORT, t.tenantId, importId], {
      env: { ...process.env, ...processEnv(proc), METRICS_PORT: '0', LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    const exit = await new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      child.on('exit', (code, signal) => resolve({ code, signal })),
    );
    await cgroup?.remove();
    const line = out
      .trim()
      .split('\n')
      .reverse()
      .find((l) => l.startsWith('{"result"'));
    return {
      exit,
      out,
      cgroup: cgroup !== null,
      report: line ? (JSON.parse(line) as { result: string; maxRssBytes: number }) : null,
    };
  }

  async function queued(zipPath: string, studyId: string): Promise<string> {
    const { importId } = await uploadOnly(reception, zipPath, studyId);
    // the trigger's state, without the trigger's job (the stack's worker must not take this import)
    await tenantQuery(t.tenantId, `UPDATE imaging.imports SET state = 'QUEUED' WHERE id = $1`, [importId]);
    return importId;
  }

  it('streams a 600 MiB instance to the store within a memory limit smaller than the instance', async () => {
    const big = await buildBigInstance(path.join(dir, 'big'), { frames: FRAMES, patientId: 'BIG-1' });
    const zipPath = path.join(dir, 'big.zip');
    const { bytes } = await writeZip(zipPath, [{ name: big.relativePath, file: big.path, compressionLevel: 1 }]);
    expect(big.size).toBeGreaterThan(PIXEL_BYTES);
    expect(bytes).toBeLessThan(big.size / 10);
    const importId = await queued(zipPath, big.studyInstanceUid);

    const run = await runImport(importId);
    expect({ exit: run.exit, result: run.report?.result, out: run.report ? '' : run.out.slice(-2000) }).toEqual({
      exit: { code: 0, signal: null },
      result: 'completed',
      out: '',
    });
    process.stdout.write(
      `import of a ${big.size} byte instance: peak resident memory ${run.report!.maxRssBytes} bytes` +
        ` (${run.cgroup ? 'in a memory cgroup' : 'no cgroup could be made'}, limit ${LIMIT_BYTES})\n`,
    );
    expect(run.report!.maxRssBytes).toBeLessThan(LIMIT_BYTES);

    const [row] = await tenantQuery<{ state: string; instances_stored: number }>(
      t.tenantId,
      `SELECT state, instances_stored FROM imaging.imports WHERE id = $1`,
      [importId],
    );
    expect(row).toEqual({ state: 'COMPLETED', instances_stored: 1 });
    const [instance] = await tenantQuery<{ size_bytes: string; pixel_data_length: string; pixel_data_offset: string }>(
      t.tenantId,
      `SELECT size_bytes, pixel_data_length, pixel_data_offset FROM imaging.instances WHERE sop_instance_uid = $1`,
      [big.sopInstanceUid],
    );
    expect(Number(instance!.size_bytes)).toBe(big.size);
    expect(Number(instance!.pixel_data_length)).toBe(PIXEL_BYTES);
    // where the file's own Pixel Data element (7FE0,0010 OW, explicit VR little endian) puts its value
    const original = await readFile(big.path);
    const element = Buffer.from([0xe0, 0x7f, 0x10, 0x00, 0x4f, 0x57, 0x00, 0x00]);
    const at = original.lastIndexOf(element, original.length - PIXEL_BYTES);
    expect(original.readUInt32LE(at + 8)).toBe(PIXEL_BYTES);
    expect(Number(instance!.pixel_data_offset)).toBe(at + 12);
    const key = imagingStorageKeys.instance(
      t.tenantId,
      big.studyInstanceUid,
      big.seriesInstanceUid,
      big.sopInstanceUid,
    );
    expect(await storage.size(key)).toBe(big.size);
    // the stored object is the file with its preamble zeroed: its head and its last bytes
    const head = await storage.getRange(key, 0, 64 * 1024);
    const headBytes = Buffer.concat(await head.toArray());
    expect(headBytes.subarray(0, 128).every((b: number) => b === 0)).toBe(true);
    expect(headBytes.subarray(128).equals(original.subarray(128, 64 * 1024))).toBe(true);
    const tail = Buffer.concat(await (await storage.getRange(key, big.size - 4096, big.size)).toArray());
    expect(tail.equals(original.subarray(big.size - 4096))).toBe(true);
  }, 600_000);

  it('still refuses a streamed entry that inflates past what it declares, and keeps nothing of it', async () => {
    const big = await buildBigInstance(path.join(dir, 'liar'), { frames: 160, patientId: 'BIG-2' });
    const zipPath = path.join(dir, 'liar.zip');
    await writeZip(zipPath, [{ name: big.relativePath, file: big.path, compressionLevel: 1 }]);
    // 80 MiB that claim 40: above what is held in memory (so it streams), below what it really is
    await patchZipEntry(zipPath, big.relativePath, { declaredUncompressedSize: 40 * MiB });
    const importId = await queued(zipPath, big.studyInstanceUid);
    const run = await runImport(importId);
    expect(run.report?.result).toBe('failed');
    const [row] = await tenantQuery<{ state: string; error: string }>(
      t.tenantId,
      `SELECT state, error FROM imaging.imports WHERE id = $1`,
      [importId],
    );
    expect(row).toEqual({
      state: 'FAILED',
      error: 'The archive is refused: an entry inflates to more bytes than it declares.',
    });
    const key = imagingStorageKeys.instance(
      t.tenantId,
      big.studyInstanceUid,
      big.seriesInstanceUid,
      big.sopInstanceUid,
    );
    expect(await storage.size(key)).toBeNull();
    const instances = await tenantQuery(t.tenantId, `SELECT 1 FROM imaging.instances WHERE sop_instance_uid = $1`, [
      big.sopInstanceUid,
    ]);
    expect(instances).toEqual([]);
  }, 300_000);
});
