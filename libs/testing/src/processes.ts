import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

/**
 * Starts a script (plain ESM over the built libraries) as a separate process, keeping its output. A process of the
 * kit started this way serves its metrics on a free port (METRICS_PORT 0) unless told otherwise, so processes a test
 * starts side by side never compete for the default metrics port.
 */
export function startScript(path: string, env: Record<string, string>): ChildProcess & { output: () => string } {
  const child = spawn(process.execPath, [path], {
    env: { ...process.env, METRICS_PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  return Object.assign(child, { output: () => output });
}

/** Kills a process the hard way (no shutdown hooks), as a crash would, and waits for it to be gone. */
export async function crash(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await gone;
}

/** Stops a process politely (SIGTERM) and waits for it to exit. */
export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await gone;
}

/** A TCP port free on the loopback now, for a process a test starts beside the running system. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** A process of the stack as scripts/lib/processes.mjs describes it (the table `npm start` runs). */
export interface StackProcess {
  name: string;
  entry: string;
  port: number;
  env: Record<string, string>;
}

/** scripts/lib/processes.mjs, typed: the stack's process table, a process's environment and the checkout's root. */
export interface StackProcesses {
  processTable: (env?: NodeJS.ProcessEnv) => StackProcess[];
  processEnv: (proc: Pick<StackProcess, 'env'>, base?: NodeJS.ProcessEnv) => Record<string, string>;
  ROOT: string;
}

/**
 * The stack's own process table, for a test that starts one of its processes beside the running system (a second
 * replica, a process it kills) with exactly the environment `npm start` gives it.
 */
export const stackProcesses = (): Promise<StackProcesses> =>
  import(new URL('../../../scripts/lib/processes.mjs', import.meta.url).href) as Promise<StackProcesses>;
