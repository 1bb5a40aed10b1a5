// One ESLint configuration for the whole monorepo. Module boundaries are enforced with nx tags:
// - contracts and the other browser-safe libs (platform:any) import only browser-safe libs;
// - a service never imports another service, and imports libs only;
// - the web console imports only the browser-safe libs;
// - only tests import the test helpers (libs/testing, type:test-lib), which import only libraries.
import js from '@eslint/js';
import nx from '@nx/eslint-plugin';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsoncParser from 'jsonc-eslint-parser';
import webBoundaries from './scripts/lint/web-boundaries.mjs';

/** Query code outside a *.repository.ts, the kit and migrations (docs/decisions/0224). */
const QUERY_CODE = [
  ["CallExpression[callee.property.name='query']", 'a raw query'],
  ['CallExpression[callee.name=/^typed(Rows|Raw)$/]', 'typedRows/typedRaw'],
  ["CallExpression[callee.property.name='createQueryBuilder']", 'a query builder'],
  ['CallExpression[callee.property.name=/^(repo|getRepository)$/]', 'an entity repository (tx.repo)'],
].map(([selector, what]) => ({
  selector,
  message: `${what} outside a *.repository.ts: move the query into the module's repository (docs/decisions/0224).`,
}));

/**
 * A zod schema built inside a function is built again on every call, and zod compiles each new object schema on its
 * first parse (≈ 0.5 ms, a hundred times the parse): schemas are module constants (docs/decisions/0336).
 */
const SCHEMA_PER_CALL = {
  selector: "MethodDefinition CallExpression[callee.type='MemberExpression'][callee.object.name='z']",
  message:
    'A zod schema built inside a function is compiled again on every call: make it a module constant (docs/decisions/0336).',
};

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', '.local/**', '.nx/**', 'coverage/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  prettier,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { globals: { ...globals.node } },
    plugins: { '@nx': nx },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@nx/enforce-module-boundaries': [
        'error',
        {
          allow: [],
          depConstraints: [
            { sourceTag: 'platform:any', onlyDependOnLibsWithTags: ['platform:any'] },
            { sourceTag: 'platform:browser', onlyDependOnLibsWithTags: ['platform:any'] },
            {
              sourceTag: 'type:service',
              onlyDependOnLibsWithTags: ['type:lib'],
              notDependOnLibsWithTags: ['type:service'],
            },
            { sourceTag: 'type:lib', onlyDependOnLibsWithTags: ['type:lib'] },
            // The test helpers (libs/testing) build on the shared libraries (e.g. contracts' TenantSpec).
            { sourceTag: 'type:test-lib', onlyDependOnLibsWithTags: ['type:lib'] },
          ],
        },
      ],
    },
  },
  {
    // Services are deployables, not libraries: none imports another (nx's rule above sees relative paths;
    // this sees package names, which nx does not map to application projects).
    files: ['services/**/*.ts', 'web/**/*.{ts,tsx}', 'libs/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^@rayworks/(gateway|auth|cases|reporting|billing|lims|imaging|web)(/|$)',
              message: 'A service never imports another service: use its events (libs/contracts) or its HTTP API.',
            },
          ],
          // the tenant of a transaction is the unit of work's; acting in another company is its { inCompany }
          paths: [
            {
              name: '@rayworks/nest-kit',
              importNames: ['setTenant', 'setDbContext', 'runInTenant'],
              message:
                'Set no tenant by hand: uow.read/uow.change (with { inCompany } to act in a company, docs/decisions/0225).',
            },
          ],
        },
      ],
    },
  },
  {
    // Query code lives in repositories (docs/adding-a-module.md §4, docs/decisions/0224): a service, consumer,
    // processor or controller calls its module's repository, or another module's through that module's exports.
    // The kit (libs/nest-kit) and migrations are the only other places that run SQL.
    files: ['services/*/src/**/*.ts'],
    ignores: ['**/*.repository.ts', '**/migrations/**', '**/*.spec.ts'],
    rules: { 'no-restricted-syntax': ['error', ...QUERY_CODE, SCHEMA_PER_CALL] },
  },
  {
    // Repositories and the kit run their queries' row schemas on every request (docs/decisions/0336).
    files: ['services/*/src/**/*.repository.ts', 'libs/nest-kit/src/**/*.ts'],
    ignores: ['**/*.spec.ts'],
    rules: { 'no-restricted-syntax': ['error', SCHEMA_PER_CALL] },
  },
  {
    // A controller is its contract and calls a service (docs/decisions/0226): no unit of work, no repository.
    files: ['services/*/src/**/*.controller.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...QUERY_CODE,
        SCHEMA_PER_CALL,
        {
          selector: "ImportSpecifier[imported.name='UnitOfWork']",
          message: 'A controller calls a service, which runs the unit of work (docs/decisions/0226).',
        },
        {
          selector: "ImportDeclaration[importKind!='type'][source.value=/\\.repository\\.js$/]",
          message: 'A controller calls a service, which calls the repository (docs/decisions/0226).',
        },
      ],
    },
  },
  {
    // Tests may use the test helpers (libs/testing), which production code never imports.
    files: ['**/*.spec.ts', '**/*.spec.tsx', '**/test/**/*.ts', '**/e2e/**/*.ts'],
    rules: {
      '@nx/enforce-module-boundaries': [
        'error',
        {
          allow: [],
          depConstraints: [
            { sourceTag: 'platform:any', onlyDependOnLibsWithTags: ['platform:any', 'scope:test'] },
            { sourceTag: 'platform:browser', onlyDependOnLibsWithTags: ['platform:any', 'scope:test'] },
            {
              sourceTag: 'type:service',
              onlyDependOnLibsWithTags: ['type:lib', 'type:test-lib'],
              notDependOnLibsWithTags: ['type:service'],
            },
            { sourceTag: 'type:lib', onlyDependOnLibsWithTags: ['type:lib', 'type:test-lib'] },
            { sourceTag: 'type:test-lib', onlyDependOnLibsWithTags: ['type:lib', 'type:test-lib'] },
          ],
        },
      ],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}', 'web/public/**/*.js'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // The console's features stand alone (docs/decisions/0231): a feature imports shared/, api/, realtime/, the libs
    // and itself — never app/ (which composes the features) or another feature; no loop of imports anywhere.
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'rayworks-web': webBoundaries },
    rules: { 'rayworks-web/layers': 'error', 'rayworks-web/no-cycle': 'error' },
  },
  {
    // No loop of imports in the services and libs either (issue 21 item 5): what two files both need goes into a
    // file both import (scripts/lint/no-cycle.spec.ts).
    files: ['services/*/src/**/*.ts', 'libs/*/src/**/*.ts'],
    plugins: { rayworks: { rules: { 'no-cycle': webBoundaries.rules['no-cycle'] } } },
    rules: { 'rayworks/no-cycle': 'error' },
  },
  {
    // A workspace's package.json lists in "dependencies" exactly the packages its production code imports (nx reads
    // the imports of the files its build takes), no more, no fewer; tests' packages are devDependencies
    // (docs/decisions/0235). After adding or removing an import, `npx eslint --fix <workspace>/package.json`.
    files: ['**/package.json'],
    ignores: ['package.json'],
    languageOptions: { parser: jsoncParser },
    plugins: { '@nx': nx },
    rules: {
      '@nx/dependency-checks': [
        'error',
        {
          ignoredFiles: [
            '{projectRoot}/test/**/*',
            '{projectRoot}/e2e/**/*',
            '{projectRoot}/**/*.spec.ts',
            '{projectRoot}/**/*.spec.tsx',
            '{projectRoot}/vite.config.ts',
          ],
          // Needed without being imported: peer dependencies of declared packages (@nestjs/common wants
          // reflect-metadata and rxjs, @nestjs/swagger wants @nestjs/core, @mantine/tiptap @tiptap/extension-link,
          // @tiptap/extension-placeholder @tiptap/extensions, @mantine/charts recharts, @zxing/browser
          // @zxing/library, @mantine/dates dayjs) and the HTTP platform @nestjs/core loads by name.
          ignoredDependencies: [
            '@nestjs/core',
            '@nestjs/platform-express',
            'reflect-metadata',
            'rxjs',
            '@tiptap/extension-link',
            '@tiptap/extensions',
            'recharts',
            '@zxing/library',
            'dayjs',
          ],
        },
      ],
    },
  },
);
