import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from '@jest/globals';

/**
 * The console's boundary rules (scripts/lint/web-boundaries.mjs, docs/decisions/0231) on a made-up web/src, and on
 * the real one: ESLint's own command line, with only these two rules and the TypeScript parser.
 */
const repo = path.resolve(import.meta.dirname, '../..');

interface Problem {
  file: string;
  rule: string;
  message: string;
}

function lint(root: string, files: Record<string, string> = {}): Problem[] {
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    fs.writeFileSync(path.join(root, name), text);
  }
  const config = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'web-boundaries-config-')), 'eslint.config.mjs');
  const from = (p: string) => JSON.stringify(pathToFileURL(path.join(repo, p)).href);
  fs.writeFileSync(
    config,
    `import tseslint from ${from('node_modules/typescript-eslint/dist/index.js')};
import plugin from ${from('scripts/lint/web-boundaries.mjs')};
export default [{ files: ['**/*.ts', '**/*.tsx'], languageOptions: { parser: tseslint.parser },
  plugins: { 'rayworks-web': plugin }, rules: { 'rayworks-web/layers': 'error', 'rayworks-web/no-cycle': 'error' } }];`,
  );
  let out: string;
  try {
    out = execFileSync(
      process.execPath,
      [path.join(repo, 'node_modules/eslint/bin/eslint.js'), '--config', config, '--format', 'json', 'web/src'],
      { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
    );
  } catch (error) {
    out = (error as { stdout: string }).stdout; // exit code 1: problems found
  }
  const results = JSON.parse(out) as { filePath: string; messages: { ruleId: string; message: string }[] }[];
  // only these two rules' answers (the console's eslint-disable comments name rules this run does not load)
  return results.flatMap((r) =>
    r.messages
      .filter((m) => m.ruleId?.startsWith('rayworks-web/'))
      .map((m) => ({ file: path.relative(root, r.filePath), rule: m.ruleId, message: m.message })),
  );
}

describe('web boundaries', () => {
  it('refuses a feature importing another feature or app/, and shared/ importing a feature; allows the rest', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'web-boundaries-'));
    const problems = lint(root, {
      'web/src/api/client.ts': 'export const callApi = 1;\n',
      'web/src/realtime/live.ts': "import { callApi } from '../api/client';\nexport const live = callApi;\n",
      'web/src/shared/ui/Button.ts': "import { live } from '../../realtime/live';\nexport const Button = live;\n",
      'web/src/shared/bad.ts': "export { Page } from '../features/b/pages/Page';\n",
      'web/src/app/router.ts': "export const router = () => import('../features/a/pages/Page');\n",
      'web/src/app/theme.ts': 'export const theme = 1;\n',
      'web/src/features/b/pages/Page.ts':
        "import { Button } from '../../../shared/ui/Button';\nexport const Page = Button;\n",
      'web/src/features/a/hooks/useA.ts': 'export const useA = 1;\n',
      'web/src/features/a/pages/Page.ts': [
        "import { callApi } from '../../../api/client';",
        "import { live } from '../../../realtime/live';",
        "import { Button } from '../../../shared/ui/Button';",
        "import { useA } from '../hooks/useA';",
        "import { Page as Other } from '../../b/pages/Page';",
        "import type { theme } from '../../../app/theme';",
        'export const Page = [callApi, live, Button, useA, Other] as unknown as typeof theme;',
      ].join('\n'),
    });
    expect(
      problems.filter((p) => p.rule === 'rayworks-web/layers').map((p) => [p.file, p.message.split(' (')[0]]),
    ).toEqual(
      expect.arrayContaining([
        ['web/src/features/a/pages/Page.ts', "feature 'a' may not import feature 'b'"],
        ['web/src/features/a/pages/Page.ts', "feature 'a' may not import app/"],
        ['web/src/shared/bad.ts', "shared/ may not import feature 'b'"],
      ]),
    );
    expect(problems).toHaveLength(3);
  });

  it('refuses a loop of imports, a type-only one too, and names it', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'web-boundaries-'));
    const problems = lint(root, {
      'web/src/features/a/components/Preview.tsx':
        "import { Print } from './Print';\nexport interface Images { logo: string }\nexport const Preview = Print;\n",
      'web/src/features/a/components/Print.tsx':
        "import type { Images } from './Preview';\nexport const Print = (i: Images) => i.logo;\n",
      'web/src/features/a/components/Apart.tsx': "import { Print } from './Print';\nexport const Apart = Print;\n",
    });
    expect(problems.map((p) => [p.file, p.rule])).toEqual([
      ['web/src/features/a/components/Preview.tsx', 'rayworks-web/no-cycle'],
      ['web/src/features/a/components/Print.tsx', 'rayworks-web/no-cycle'],
    ]);
    expect(problems[0]!.message).toContain(
      'features/a/components/Preview.tsx → features/a/components/Print.tsx → features/a/components/Preview.tsx',
    );
  });

  it('the console has no import across features, none from a feature into app/, and no loop', () => {
    expect(lint(repo)).toEqual([]);
  }, 180_000);
});
