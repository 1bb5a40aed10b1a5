import type { BigNumber, EvalFunction, MathJsInstance, MathNode } from 'mathjs';
import { decimalText, parseDecimal } from './decimal.js';
import { loadFormulaMathJs } from './formula-mathjs.js';

/**
 * Calculated parameters (LDL by Friedewald 'TCHOL - HDL - TG / 5', the A/G ratio 'ALB / (TP - ALB)'): a formula is
 * read by math.js's parser (a maintained expression library; never eval, never a parser of our own), its tree is
 * checked against a short allow-list before anything runs — numbers, the test's parameter codes, + − × ÷ ^, brackets
 * and FORMULA_FUNCTIONS — and only then compiled by math.js and evaluated on exact decimals (BigNumber, 64 digits)
 * with a scope holding the parameters' values and nothing else. docs/decisions/0294.
 */

/** Functions a formula may call: the evaluator's scope holds these and the test's parameters, nothing else. */
export const FORMULA_FUNCTIONS = ['min', 'max', 'abs', 'sqrt', 'log', 'log10', 'exp', 'pow'] as const;

/** The operators a formula may use (unary minus and plus included). */
const OPERATORS: ReadonlySet<string> = new Set([
  'add',
  'subtract',
  'multiply',
  'divide',
  'pow',
  'unaryMinus',
  'unaryPlus',
]);

/** Fraction digits a calculated value keeps (as many as decimal text holds: decimal.ts). */
export const FORMULA_FRACTION_DIGITS = 6;

let instance: MathJsInstance | undefined;

/**
 * A math.js instance of only what formulas use, made on first use. BigNumber: '0.1 + 0.2' is 0.3, and 64
 * significant digits are far more than a lab value has; predictable: sqrt of a negative is NaN (no complex
 * numbers), so it gives no value.
 */
function engine(): MathJsInstance {
  if (instance) return instance;
  const { create, ...factories } = loadFormulaMathJs();
  instance = create(factories, { number: 'BigNumber', precision: 64, predictable: true });
  return instance;
}

/** A formula that is not a well-formed expression of numbers, parameter codes, + − × ÷ ^, brackets and functions. */
export class FormulaSyntaxError extends Error {
  override readonly name = 'FormulaSyntaxError';
}

/**
 * A name a parameter code cannot be in a formula: one math.js resolves itself (its functions and classes, `config`,
 * `import`, …) or one every JavaScript object has (`constructor`, `__proto__`, `toString`).
 */
const isReserved = (name: string): boolean =>
  name in engine() || name in Object.prototype || name.startsWith('__') || name === 'prototype';

/** Checks one node of the tree (and its children) against the allow-list; collects the codes used, in order. */
function check(node: MathNode, refs: string[]): void {
  const math = engine();
  if (math.isParenthesisNode(node)) return check(node.content, refs);
  if (math.isConstantNode(node)) {
    if (!math.isBigNumber(node.value) && typeof node.value !== 'number')
      throw new FormulaSyntaxError(`${node.toString()} is not a number`);
    return;
  }
  if (math.isSymbolNode(node)) {
    if (!/^[A-Za-z][A-Za-z0-9_]*$/.test(node.name) || isReserved(node.name))
      throw new FormulaSyntaxError(`${node.name} cannot be a parameter code in a formula`);
    if (!refs.includes(node.name)) refs.push(node.name);
    return;
  }
  if (math.isOperatorNode(node)) {
    if (node.implicit) throw new FormulaSyntaxError(`write * between ${node.args.map(String).join(' and ')}`);
    if (!OPERATORS.has(node.fn)) throw new FormulaSyntaxError(`“${node.op}” is not allowed (only + - * / ^)`);
    for (const arg of node.args) check(arg, refs);
    return;
  }
  if (math.isFunctionNode(node)) {
    const fn = math.isSymbolNode(node.fn) ? node.fn.name : null;
    if (fn === null || !(FORMULA_FUNCTIONS as readonly string[]).includes(fn))
      throw new FormulaSyntaxError(`${fn ?? node.fn.toString()} is not a function (${FORMULA_FUNCTIONS.join(', ')})`);
    if (node.args.length === 0) throw new FormulaSyntaxError(`${fn} needs a value`);
    for (const arg of node.args) check(arg, refs);
    return;
  }
  // Assignments, function definitions, property access, indexes, ranges, conditions, comparisons, strings, arrays,
  // objects and several statements: a formula only calculates one value from the parameters.
  throw new FormulaSyntaxError(`${node.toString()} is not allowed in a formula (${node.type})`);
}

/** A formula read and checked: the codes it uses, in order of first use, and its compiled form. */
export interface CheckedFormula {
  readonly references: readonly string[];
  readonly code: EvalFunction;
}

const cache = new Map<string, CheckedFormula>();
const CACHE_SIZE = 1000;

/** Reads and checks a formula (a FormulaSyntaxError says why it is refused); compiled once per text. */
export function checkFormula(formula: string): CheckedFormula {
  const known = cache.get(formula);
  if (known) return known;
  if (formula.trim() === '') throw new FormulaSyntaxError('it is empty');
  let tree: MathNode;
  try {
    tree = engine().parse(formula);
  } catch (error) {
    throw new FormulaSyntaxError(error instanceof Error ? error.message : String(error));
  }
  const references: string[] = [];
  check(tree, references);
  const checked = { references, code: tree.compile() };
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  cache.set(formula, checked);
  return checked;
}

/**
 * The parameter codes a formula uses, in order of first use ('TCHOL - HDL - TG / 5' → TCHOL, HDL, TG), or a
 * FormulaSyntaxError.
 */
export function formulaReferences(formula: string): string[] {
  return [...checkFormula(formula).references];
}

/**
 * A calculated parameter's value as decimal text (rounded half up to `fractionDigits` — the parameter's decimals,
 * so the value judged and stored is the one the report prints; at most FORMULA_FRACTION_DIGITS — trailing zeros
 * dropped), from the other parameters' values (decimal text by code). Null — no value yet — when an input it uses
 * is missing or not a number, or when the result is not a finite number that decimal text can hold (a division by
 * zero, the square root or logarithm of a negative, more than 12 whole digits). A formula that is refused throws
 * its FormulaSyntaxError.
 */
export function evaluateFormula(
  formula: string,
  values: Readonly<Record<string, string | null | undefined>>,
  fractionDigits: number = FORMULA_FRACTION_DIGITS,
): string | null {
  const { references, code } = checkFormula(formula);
  const math = engine();
  const scope = new Map<string, BigNumber>();
  for (const ref of references) {
    const text = Object.prototype.hasOwnProperty.call(values, ref) ? values[ref] : undefined;
    if (text === null || text === undefined || parseDecimal(text) === null) return null;
    scope.set(ref, math.bignumber(text.trim()));
  }
  const result: unknown = code.evaluate(scope);
  if (!math.isBigNumber(result) || !result.isFinite()) return null;
  const rounded = result
    .toDecimalPlaces(Math.min(fractionDigits, FORMULA_FRACTION_DIGITS), 4 /* ROUND_HALF_UP */)
    .toFixed();
  const exact = parseDecimal(rounded);
  return exact === null ? null : decimalText(exact);
}
