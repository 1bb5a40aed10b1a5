import { createRequire } from 'node:module';
import { FORMULA_FACTORIES, type FormulaMathJs } from './formula-mathjs-type.js';

/**
 * math.js for lab formulas in Node (services, workers, tests), loaded when the first formula is read rather than
 * with the contracts: math.js's index makes every one of its functions as it loads, which cost every process and
 * every test file importing the contracts about half a second. Its CommonJS build is required: synchronously, once
 * a process. The console bundles formula-mathjs.browser.ts in place of this file (web/vite.config.ts).
 */
export function loadFormulaMathJs(): FormulaMathJs {
  const mathjs = createRequire(import.meta.url)('mathjs') as FormulaMathJs;
  return Object.fromEntries(
    ['create', ...FORMULA_FACTORIES].map((name) => [name, mathjs[name as keyof FormulaMathJs]]),
  ) as FormulaMathJs;
}
