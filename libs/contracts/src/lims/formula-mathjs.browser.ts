import {
  absDependencies,
  addDependencies,
  bignumberDependencies,
  create,
  divideDependencies,
  expDependencies,
  log10Dependencies,
  logDependencies,
  maxDependencies,
  minDependencies,
  multiplyDependencies,
  parseDependencies,
  powDependencies,
  sqrtDependencies,
  subtractDependencies,
  unaryMinusDependencies,
  unaryPlusDependencies,
} from 'mathjs';
import type { FormulaMathJs } from './formula-mathjs-type.js';

/**
 * math.js for lab formulas in the console (web/vite.config.ts puts this file in place of formula-mathjs.ts): imported
 * statically, so the bundler keeps only these factories, in the chunk of the screens that read formulas.
 */
export function loadFormulaMathJs(): FormulaMathJs {
  return {
    create,
    parseDependencies,
    bignumberDependencies,
    addDependencies,
    subtractDependencies,
    multiplyDependencies,
    divideDependencies,
    powDependencies,
    unaryMinusDependencies,
    unaryPlusDependencies,
    minDependencies,
    maxDependencies,
    absDependencies,
    sqrtDependencies,
    logDependencies,
    log10Dependencies,
    expDependencies,
  };
}
