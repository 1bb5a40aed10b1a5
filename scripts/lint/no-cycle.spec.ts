import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from '@jest/globals';

/**
 * No loop of imports in the services and libs either (scripts/lint/web-boundaries.mjs `no-cycle`, as eslint.config.js
 * applies it to services/ and libs/; issue 21 item 5): their ESM specifiers name the `.js` a `.ts` file compiles to.
 * ESLint's own command line with only this rule and the TypeScript parser, on a made-up service and on the real ones.
 */
const repo = path.resolve(import.meta.dirname, '../..');

function loops(root: string, targets: string[], files: Record<string, string> = {}): string[] {
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    fs.writeFileSync(path.join(root, name), text);
  }
  const config = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'no-cycle-config-')), 'eslint.config.mjs');
  const from = (p: string) => JSON.stringify(pathToFileURL(path.join(repo, p)).href);
  fs.writeFileSync(
    config,
    `import tseslint from ${from('node_modules/typescript-eslint/dist/index.js')};
import plugin from ${from('scripts/lint/web-boundaries.mjs')};
export default [{ files: ['**/*.ts'], languageOptions: { parser: tseslint.parser },
  plugins: { rayworks: { rules: { 'no-cycle': plugin.rules['no-cycle'] } } }, rules: { 'rayworks/no-cycle': 'error' } }];`,
  );
  let out: string;
  try {
    out = execFileSync(
      process.execPath,
      [path.join(repo, 'node_modules/eslint/bin/eslint.js'), '--config', config, '--format', 'json', ...targets],
      { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
    );
  } catch (error) {
    out = (error as { stdout: string }).stdout; // exit code 1: problems found
  }
  const results = JSON.parse(out) as { messages: { ruleId: string | null; message: string }[] }[];
  return results.flatMap((r) => r.messages.filter((m) => m.ruleId === 'rayworks/no-cycle').map((m) => m.message));
}

describe('no import loop in the services and libs', () => {
  it('finds a loop of .js specifiers, type-only imports included, and says where it runs (in the order linted)', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'no-cycle-'));
    const problems = loops(root, ['services'], {
      'services/x/src/alert.entity.ts':
        "import type { Facts } from './alert-mail.js';\nexport class Alert { facts!: Facts; }\n",
      'services/x/src/alert-mail.ts':
        "import type { Alert } from './alert.entity.js';\nexport interface Facts { a: string }\nexport const mail = (a: Alert) => a;\n",
      'services/x/src/alone.ts': "import { mail } from './alert-mail.js';\nexport const alone = mail;\n",
    });
    expect(problems).toEqual([
      expect.stringContaining(
        'services/x/src/alert-mail.ts → services/x/src/alert.entity.ts → services/x/src/alert-mail.ts',
      ),
      expect.stringContaining(
        'services/x/src/alert.entity.ts → services/x/src/alert-mail.ts → services/x/src/alert.entity.ts',
      ),
    ]);
  });

  it('finds none in the services and libs as they are (critical-alert.entity ↔ critical-mail was the last)', () => {
    expect(
      loops(repo, ['services/reporting/src', 'services/imaging/src/modules/dicomweb', 'libs/contracts/src/auth']),
    ).toEqual([]);
  });
});
