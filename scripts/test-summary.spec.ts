import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';

/**
 * Runs scripts/test-summary.mjs on made-up jest results (the main run, then the resilience phase's when given; an
 * undefined one is a run that wrote nothing) and checks list; returns its line and exit code.
 */
function summarise(jest: unknown, checks: string[], ...more: unknown[]): { line: string; code: number } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'summary-'));
  const checksFile = path.join(dir, 'checks.tsv');
  const jestFiles = [jest, ...more].map((result, i) => {
    const file = path.join(dir, `jest-${i}.json`);
    if (result !== undefined) fs.writeFileSync(file, JSON.stringify(result));
    return file;
  });
  fs.writeFileSync(checksFile, checks.join('\n'));
  try {
    const line = execFileSync('node', ['scripts/test-summary.mjs', checksFile, ...jestFiles], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    return { line: line.trim(), code: 0 };
  } catch (error) {
    const failure = error as { stdout: string; status: number };
    return { line: failure.stdout.trim(), code: failure.status };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const suite = (status: 'passed' | 'failed', tests: Array<'passed' | 'failed'>) => ({
  status,
  assertionResults: tests.map((test) => ({ status: test })),
});

describe('the closing line of npm test', () => {
  it('sums the static checks and the jest tests', () => {
    const jest = {
      numPassedTests: 3,
      numFailedTests: 0,
      numPendingTests: 0,
      numTodoTests: 0,
      testResults: [suite('passed', ['passed', 'passed', 'passed'])],
    };
    expect(summarise(jest, ['lint\tpassed', 'format\tpassed'])).toEqual({ line: '5 passed, 0 failed', code: 0 });
  });

  it('counts a failed check and a failed test, and exits 1', () => {
    const jest = {
      numPassedTests: 1,
      numFailedTests: 1,
      numPendingTests: 1,
      numTodoTests: 0,
      testResults: [suite('failed', ['passed', 'failed'])],
    };
    expect(summarise(jest, ['lint\tfailed'])).toEqual({ line: '1 passed, 2 failed, 1 skipped', code: 1 });
  });

  it('counts a suite whose hook failed while all its tests passed', () => {
    const jest = {
      numPassedTests: 2,
      numFailedTests: 0,
      numPendingTests: 0,
      numTodoTests: 0,
      testResults: [suite('failed', ['passed', 'passed']), suite('failed', [])],
    };
    expect(summarise(jest, [])).toEqual({ line: '2 passed, 2 failed', code: 1 });
  });

  it('fails the run when the demo tenant check after jest failed, though every test passed', () => {
    const jest = {
      numPassedTests: 2,
      numFailedTests: 0,
      numPendingTests: 0,
      numTodoTests: 0,
      testResults: [suite('passed', ['passed', 'passed'])],
    };
    expect(summarise(jest, ['lint\tpassed', 'demo-tenant\tfailed'])).toEqual({ line: '3 passed, 1 failed', code: 1 });
  });

  it('fails when jest wrote no results', () => {
    expect(summarise(undefined, ['lint\tpassed'])).toEqual({ line: '1 passed, 1 failed', code: 1 });
  });

  it('sums the main jest run and the resilience phase into the one line', () => {
    const main = {
      numPassedTests: 4,
      numFailedTests: 1,
      numPendingTests: 0,
      numTodoTests: 0,
      testResults: [suite('failed', ['passed', 'passed', 'passed', 'passed', 'failed'])],
    };
    const resilience = {
      numPassedTests: 2,
      numFailedTests: 0,
      numPendingTests: 0,
      numTodoTests: 0,
      testResults: [suite('passed', ['passed', 'passed'])],
    };
    expect(summarise(main, ['lint\tpassed'], resilience)).toEqual({ line: '7 passed, 1 failed', code: 1 });
    expect(summarise({ ...main, numFailedTests: 0, testResults: [] }, [], resilience)).toEqual({
      line: '6 passed, 0 failed',
      code: 0,
    });
  });

  it('counts a failed resilience test and a resilience suite whose hook failed', () => {
    const main = { numPassedTests: 3, numFailedTests: 0, numPendingTests: 0, numTodoTests: 0, testResults: [] };
    const resilience = {
      numPassedTests: 0,
      numFailedTests: 1,
      numPendingTests: 0,
      numTodoTests: 0,
      testResults: [suite('failed', ['failed']), suite('failed', [])],
    };
    expect(summarise(main, [], resilience)).toEqual({ line: '3 passed, 2 failed', code: 1 });
  });

  it('accepts a resilience phase that ran no test (a filtered run), and fails one that wrote nothing', () => {
    const main = { numPassedTests: 3, numFailedTests: 0, numPendingTests: 0, numTodoTests: 0, testResults: [] };
    const none = { numPassedTests: 0, numFailedTests: 0, numPendingTests: 0, numTodoTests: 0, testResults: [] };
    expect(summarise(main, [], none)).toEqual({ line: '3 passed, 0 failed', code: 0 });
    expect(summarise(main, [], undefined)).toEqual({ line: '3 passed, 1 failed', code: 1 });
  });
});
