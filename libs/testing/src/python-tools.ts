import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The interpreter of the tests' Python packages from PyPI (deploy/local/python-tools.sh, pinned in
 * deploy/local/python-requirements.txt), which npm test and npm start install; an error that says how to get it when
 * it is not there.
 */
export function pythonToolsInterpreter(): string {
  const venv = process.env.PYTHON_TOOLS_VENV;
  if (!venv)
    throw new Error('PYTHON_TOOLS_VENV is not set: run the tests through npm test (source deploy/local/env.sh)');
  const python = join(venv, 'bin', 'python');
  if (!existsSync(python)) throw new Error(`${python} is missing: run npm run infra:up python-tools`);
  return python;
}

/**
 * Runs a Python script of the tests with the tools' interpreter, `input` on its standard input; resolves with its
 * standard output, rejects with its standard error when it exits other than 0.
 */
export function runPythonTool(script: string, input: string): Promise<string> {
  const child = spawn(pythonToolsInterpreter(), [script], { stdio: ['pipe', 'pipe', 'pipe'] });
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  child.stdout.on('data', (b: Buffer) => out.push(b));
  child.stderr.on('data', (b: Buffer) => err.push(b));
  child.stdin.end(input, 'utf8');
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0
        ? resolve(Buffer.concat(out).toString('utf8'))
        : reject(new Error(`${script} exited with ${code}: ${Buffer.concat(err).toString('utf8')}`)),
    );
  });
}
