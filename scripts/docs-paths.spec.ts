import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';

/**
 * The README and the architecture pages name only what is in the repository: every relative link resolves, no link
 * leaves the repository, and every path written in backticks exists (a `<placeholder>` or `*` stands for any name:
 * the part before it must exist).
 */
const root = path.resolve(import.meta.dirname, '..');
const PAGES = ['README.md', 'docs/architecture.md', 'docs/adding-a-module.md'];
const TOP = /^(services|libs|web|deploy|docs|scripts|\.ci)\//;

function namedPaths(page: string): { links: string[]; paths: string[] } {
  const text = fs.readFileSync(path.join(root, page), 'utf8');
  const links = [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!).filter((l) => !/^(https?:|#|mailto:)/.test(l));
  const paths = [...text.matchAll(/`([^`\s]+)`/g)].map((m) => m[1]!).filter((p) => TOP.test(p));
  return { links, paths };
}

/** The existing part of a path with placeholders: up to the first segment holding `<`, `*` or `{`. */
function concretePrefix(p: string): string {
  const kept: string[] = [];
  for (const segment of p.split(/[?#:]/)[0]!.split('/')) {
    if (/[<*{]/.test(segment)) break;
    kept.push(segment);
  }
  return kept.join('/');
}

describe.each(PAGES)('%s', (page) => {
  it('exists', () => {
    expect(fs.existsSync(path.join(root, page))).toBe(true);
  });

  it('links only to files inside the repository that exist', () => {
    const { links } = namedPaths(page);
    const outside = links.filter((l) => !path.resolve(path.dirname(path.join(root, page)), l).startsWith(root + '/'));
    const missing = links.filter(
      (l) => !fs.existsSync(path.resolve(path.dirname(path.join(root, page)), l.split('#')[0]!)),
    );
    expect({ outside, missing }).toEqual({ outside: [], missing: [] });
  });

  it('names only paths that exist', () => {
    const missing = namedPaths(page)
      .paths.map(concretePrefix)
      .filter((p) => !fs.existsSync(path.join(root, p)));
    expect(missing).toEqual([]);
  });
});
