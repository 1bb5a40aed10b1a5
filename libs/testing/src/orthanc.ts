import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './processes.js';

/**
 * Debian's Orthanc (package `orthanc`, with `orthanc-dicomweb`; deploy/local/dicom-tools.sh installs them) started
 * by a test or the benchmark as a child process with a generated configuration: its own HTTP port, its own storage
 * and index directory, remote access refused (Orthanc 1.10 has no bind address: it listens on every interface but
 * answers only the loopback when `RemoteAccessAllowed` is false), the DICOM server off unless asked for, and the
 * DICOMweb plugin loaded from Debian's plugin path. Never Debian's system service (stopped and disabled).
 */

export const ORTHANC_BIN = process.env.ORTHANC_BIN ?? '/usr/sbin/Orthanc';

/** Where Debian's orthanc-dicomweb package put the plugin (`dpkg -L orthanc-dicomweb`). */
export function orthancDicomWebPlugin(): string {
  const fromEnv = process.env.ORTHANC_DICOMWEB_PLUGIN;
  if (fromEnv) return fromEnv;
  let files: string[];
  try {
    files = execFileSync('dpkg', ['-L', 'orthanc-dicomweb'], { encoding: 'utf8' }).split('\n');
  } catch {
    throw new Error('the orthanc-dicomweb package is not installed: run bash deploy/local/dicom-tools.sh up');
  }
  const plugin =
    files.find((f) => f.startsWith('/usr/share/orthanc/plugins/') && f.endsWith('.so')) ??
    files.find((f) => /libOrthancDicomWeb\.so/.test(f));
  if (!plugin) throw new Error('orthanc-dicomweb has no libOrthancDicomWeb.so');
  return plugin;
}

/** A DICOMweb server Orthanc's plugin can query, retrieve from and store to (`DicomWeb.Servers`). */
export interface OrthancDicomWebServer {
  /** Root of the DICOMweb API, e.g. `http://127.0.0.1:8080/api/imaging/dicomweb/` (trailing slash). */
  url: string;
  /** Sent with every request, e.g. `{ Authorization: 'Bearer …' }`. */
  httpHeaders?: Record<string, string>;
  /** Basic authentication instead of headers. */
  username?: string;
  password?: string;
}

export interface OrthancOptions {
  /** Default a free port. */
  httpPort?: number;
  /** Enables Orthanc's DICOM server on this port (0: a free one); default off. */
  dicomPort?: number;
  aet?: string;
  /** DICOM modalities allowed to talk to it: name → [AET, host, port]; only these may store when set. */
  dicomModalities?: Record<string, [string, string, number]>;
  /** Storage and index directory; default a new temporary one, removed by stop(). Given: kept. */
  storageDir?: string;
  /** HTTP basic authentication with one known user; default none (loopback only). */
  credentials?: { username: string; password: string };
  /** `DicomWeb.Servers`: e.g. `{ rayworks: { url, httpHeaders: { Authorization: 'Bearer …' } } }`. */
  dicomWebServers?: Record<string, OrthancDicomWebServer>;
  /** More configuration, merged over the generated one at the top level. */
  config?: Record<string, unknown>;
  /** How long to wait for `/system` to answer; default 30 s. */
  startTimeoutMs?: number;
}

export interface OrthancHandle {
  /** `http://127.0.0.1:<port>` */
  url: string;
  /** `http://127.0.0.1:<port>/dicom-web` (QIDO/WADO/STOW root of the plugin). */
  dicomWebUrl: string;
  httpPort: number;
  dicomPort?: number;
  aet: string;
  storageDir: string;
  configPath: string;
  process: ChildProcess;
  /** Headers to send (basic authentication when credentials were given). */
  headers: Record<string, string>;
  /** fetch() against Orthanc's REST API, with the headers; `path` starts with `/`. */
  request(path: string, init?: RequestInit): Promise<Response>;
  /** GET and parse JSON; throws on a status >= 300. */
  json<T = unknown>(path: string): Promise<T>;
  /** POST /instances one DICOM file's bytes; returns Orthanc's answer (ID, Status). */
  storeInstance(bytes: Uint8Array): Promise<{ ID: string; Status: string; ParentStudy: string }>;
  /** The last 64 kB of Orthanc's output. */
  output(): string;
  stop(): Promise<void>;
}

function buildConfig(o: {
  httpPort: number;
  dicomPort?: number;
  aet: string;
  storageDir: string;
  plugin: string;
  options: OrthancOptions;
}): Record<string, unknown> {
  const { options } = o;
  const servers = Object.fromEntries(
    Object.entries(options.dicomWebServers ?? {}).map(([name, s]) => [
      name,
      {
        Url: s.url,
        ...(s.httpHeaders ? { HttpHeaders: s.httpHeaders } : {}),
        ...(s.username ? { Username: s.username, Password: s.password ?? '' } : {}),
      },
    ]),
  );
  return {
    Name: `rayworks-test-${o.httpPort}`,
    StorageDirectory: o.storageDir,
    IndexDirectory: o.storageDir,
    StorageCompression: false,
    Plugins: [o.plugin],
    HttpServerEnabled: true,
    HttpPort: o.httpPort,
    RemoteAccessAllowed: false,
    AuthenticationEnabled: Boolean(options.credentials),
    ...(options.credentials
      ? { RegisteredUsers: { [options.credentials.username]: options.credentials.password } }
      : {}),
    OrthancExplorerEnabled: false,
    WebDavEnabled: false,
    HttpDescribeErrors: true,
    DicomServerEnabled: o.dicomPort !== undefined,
    DicomAet: o.aet,
    DicomPort: o.dicomPort ?? 4242,
    // only listed modalities, from the address listed, may store or query over DICOM
    DicomAlwaysAllowEcho: true,
    DicomAlwaysAllowStore: !options.dicomModalities,
    DicomCheckModalityHost: Boolean(options.dicomModalities),
    DicomModalities: options.dicomModalities ?? {},
    SaveJobs: false,
    DicomWeb: {
      Enable: true,
      Root: '/dicom-web/',
      EnableWado: true,
      WadoRoot: '/wado',
      Host: '127.0.0.1',
      Ssl: false,
      Servers: servers,
    },
    ...options.config,
  };
}

/** Starts an Orthanc of its own and waits until `GET /system` answers. */
export async function startOrthanc(options: OrthancOptions = {}): Promise<OrthancHandle> {
  if (!existsSync(ORTHANC_BIN)) {
    throw new Error(`${ORTHANC_BIN} is missing: run bash deploy/local/dicom-tools.sh up`);
  }
  const httpPort = options.httpPort ?? (await freePort());
  const dicomPort =
    options.dicomPort === undefined ? undefined : options.dicomPort === 0 ? await freePort() : options.dicomPort;
  const aet = options.aet ?? 'RAYWORKS_TEST';
  const configDir = await mkdtemp(path.join(tmpdir(), 'rayworks-orthanc-'));
  const storageDir = options.storageDir ?? path.join(configDir, 'storage');
  await mkdir(storageDir, { recursive: true });
  const configPath = path.join(configDir, 'orthanc.json');
  const config = buildConfig({ httpPort, dicomPort, aet, storageDir, plugin: orthancDicomWebPlugin(), options });
  await writeFile(configPath, JSON.stringify(config, null, 2));

  const child = spawn(ORTHANC_BIN, [configPath], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (d: Buffer) => {
    output = (output + d.toString()).slice(-65_536);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  let exited = false;
  child.once('exit', () => (exited = true));

  const url = `http://127.0.0.1:${httpPort}`;
  const headers: Record<string, string> = options.credentials
    ? {
        Authorization: `Basic ${Buffer.from(`${options.credentials.username}:${options.credentials.password}`).toString('base64')}`,
      }
    : {};
  const request = (p: string, init: RequestInit = {}) =>
    fetch(`${url}${p}`, { ...init, headers: { ...headers, ...(init.headers as Record<string, string> | undefined) } });

  const stop = async () => {
    if (!exited) {
      const gone = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      await gone;
      clearTimeout(timer);
    }
    // the configuration directory holds the storage when none was given; a given storage directory is kept
    await rm(configDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + (options.startTimeoutMs ?? 30_000);
  for (;;) {
    if (exited) {
      await stop();
      throw new Error(`Orthanc exited while starting:\n${output}`);
    }
    try {
      const res = await request('/system');
      if (res.ok) {
        await res.arrayBuffer();
        break;
      }
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`Orthanc did not answer /system on ${url}:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }

  const json = async <T>(p: string): Promise<T> => {
    const res = await request(p);
    if (res.status >= 300) throw new Error(`Orthanc GET ${p}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
  const storeInstance = async (bytes: Uint8Array) => {
    const res = await request('/instances', {
      method: 'POST',
      body: bytes,
      headers: { 'Content-Type': 'application/dicom' },
    });
    if (res.status >= 300) throw new Error(`Orthanc POST /instances: ${res.status} ${await res.text()}`);
    return (await res.json()) as { ID: string; Status: string; ParentStudy: string };
  };

  return {
    url,
    dicomWebUrl: `${url}/dicom-web`,
    httpPort,
    dicomPort,
    aet,
    storageDir,
    configPath,
    process: child,
    headers,
    request,
    json,
    storeInstance,
    output: () => output,
    stop,
  };
}
