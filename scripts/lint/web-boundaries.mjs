// The web console's inner boundaries (docs/decisions/0231), as an ESLint plugin of two rules over web/src:
// - `rayworks-web/layers`: a feature (web/src/features/<f>/) imports only shared/, api/, realtime/, the libs and
//   itself — never app/ or another feature; shared/, api/ and realtime/ import neither features nor app/;
// - `rayworks-web/no-cycle`: no file takes part in a loop of relative imports (type-only imports count: a loop of
//   types is a loop of design too).
// Relative specifiers only: the libs come in by package name and are nx's (@nx/enforce-module-boundaries).
import fs from 'node:fs';
import path from 'node:path';

const EXTENSIONS = ['.ts', '.tsx', '/index.ts', '/index.tsx', ''];
const SPECIFIER =
  /(?:^|[\s;])(?:import|export)\s(?:[^'";]*?\sfrom\s)?['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g;

function resolve(fromFile, specifier) {
  const base = path.resolve(path.dirname(fromFile), specifier);
  // the services' and libs' ESM specifiers name the .js a .ts file compiles to
  const bases = base.endsWith('.js') ? [base.slice(0, -3), base] : [base];
  for (const stem of bases)
    for (const ext of EXTENSIONS) {
      const candidate = stem + ext;
      if (/\.tsx?$/.test(candidate) && fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
    }
  return null;
}

/** The web/src root a file lies under, and its place there: ['features', 'cases', ...] or ['shared', ...]. */
function placeOf(file) {
  const marker = `${path.sep}web${path.sep}src${path.sep}`;
  const at = file.lastIndexOf(marker);
  if (at < 0) return null;
  return { root: file.slice(0, at + marker.length), parts: file.slice(at + marker.length).split(path.sep) };
}

/** What a file may import, by where it lies; null: anything. */
function allowedTargets(from) {
  const [top, feature] = from.parts;
  if (top === 'features')
    return (to) => ['shared', 'api', 'realtime'].includes(to[0]) || (to[0] === 'features' && to[1] === feature);
  if (top === 'shared' || top === 'api' || top === 'realtime')
    return (to) => ['shared', 'api', 'realtime'].includes(to[0]);
  return null;
}

const describePlace = (parts) => (parts[0] === 'features' ? `feature '${parts[1]}'` : `${parts[0]}/`);

const layers = {
  meta: {
    type: 'problem',
    docs: { description: 'web/src: a feature imports only shared/, api/, realtime/, the libs and itself' },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const from = placeOf(file);
    if (!from) return {};
    const allowed = allowedTargets(from);
    if (!allowed) return {};
    const check = (node, specifier) => {
      if (typeof specifier !== 'string' || !specifier.startsWith('.')) return;
      const target = path.resolve(path.dirname(file), specifier);
      const to = placeOf(target);
      if (!to || to.root !== from.root || allowed(to.parts)) return;
      context.report({
        node,
        message:
          `${describePlace(from.parts)} may not import ${describePlace(to.parts)} ('${specifier}'): a feature imports ` +
          `only shared/, api/, realtime/, the libs and itself; what two features share moves to shared/ (docs/decisions/0231).`,
      });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};

/** Relative imports of a file, read from disk once per lint run (a file being edited is read as ESLint sees it). */
const edges = new Map();
function importsOf(file, text) {
  if (text === undefined && edges.has(file)) return edges.get(file);
  let source = text;
  if (source === undefined) {
    try {
      source = fs.readFileSync(file, 'utf8');
    } catch {
      source = '';
    }
  }
  const found = new Set();
  for (const m of source.matchAll(SPECIFIER)) {
    const target = resolve(file, m[1] ?? m[2]);
    if (target) found.add(target);
  }
  edges.set(file, [...found]);
  return edges.get(file);
}

/** A path of imports from `start` back to `goal`, or null. */
function pathBack(start, goal) {
  const seen = new Set([start]);
  const stack = [[start, [start]]];
  while (stack.length) {
    const [file, trail] = stack.pop();
    for (const next of importsOf(file)) {
      if (next === goal) return trail;
      if (!seen.has(next) && !/\.spec\.tsx?$/.test(next)) {
        seen.add(next);
        stack.push([next, [...trail, next]]);
      }
    }
  }
  return null;
}

const noCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'no loop of relative imports (web/src, and the services and libs)' },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    // names in the message: from web/src in the console, from the working folder elsewhere (services, libs)
    const root = placeOf(file)?.root ?? `${context.cwd}${path.sep}`;
    importsOf(file, context.sourceCode.text);
    const check = (node, specifier) => {
      if (typeof specifier !== 'string' || !specifier.startsWith('.')) return;
      const target = resolve(file, specifier);
      if (!target) return;
      const trail = pathBack(target, file);
      if (!trail) return;
      const names = [file, ...trail, file].map((f) => path.relative(root, f));
      context.report({
        node,
        message: `An import loop: ${names.join(' → ')}. Move what both sides need into a file of its own (docs/decisions/0231).`,
      });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};

export default { meta: { name: 'rayworks-web' }, rules: { layers, 'no-cycle': noCycle } };
