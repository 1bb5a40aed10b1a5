// One ESLint configuration for the whole monorepo. Module boundaries are enforced with nx tags:
// - contracts and the other browser-safe libs import nothing internal but contracts;
// - a service never imports another service;
// - the web console imports only the browser-safe libs.
import js from '@eslint/js';
import nx from '@nx/eslint-plugin';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '.local/**', '.nx/**', 'libs/api-client/src/generated/**', 'coverage/**'] },
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
            { sourceTag: 'type:service', onlyDependOnLibsWithTags: ['type:lib'], notDependOnLibsWithTags: ['type:service', 'scope:test'] },
            { sourceTag: 'scope:server', notDependOnLibsWithTags: ['type:service', 'type:app'] },
            { sourceTag: 'type:lib', notDependOnLibsWithTags: ['type:service', 'type:app'] },
          ],
        },
      ],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
);
