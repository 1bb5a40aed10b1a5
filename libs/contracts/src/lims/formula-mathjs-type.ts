/** The math.js factories of only what lab formulas (formula.ts) use: the parser, BigNumber, operators, functions. */
export const FORMULA_FACTORIES = [
  'parseDependencies',
  'bignumberDependencies',
  'addDependencies',
  'subtractDependencies',
  'multiplyDependencies',
  'divideDependencies',
  'powDependencies',
  'unaryMinusDependencies',
  'unaryPlusDependencies',
  'minDependencies',
  'maxDependencies',
  'absDependencies',
  'sqrtDependencies',
  'logDependencies',
  'log10Dependencies',
  'expDependencies',
] as const;

/** What lab formulas take from math.js: `create`, and those factories. */
export type FormulaMathJs = Pick<typeof import('mathjs'), 'create' | (typeof FORMULA_FACTORIES)[number]>;
