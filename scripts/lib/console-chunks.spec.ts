import { describe, expect, it } from '@jest/globals';
// @ts-expect-error -- a plain ES module of the scripts, without type declarations
import { modulesMatching, pageChunk, routeChunks, staticClosure } from './console-chunks.mjs';

/** A build of four chunks: the entry imports react; the worklist page imports a table; the viewer page, cornerstone. */
const chunk = (fileName: string, extra: Record<string, unknown>) => ({
  fileName,
  isEntry: false,
  isDynamicEntry: false,
  facadeModuleId: null,
  moduleIds: [] as string[],
  imports: [] as string[],
  dynamicImports: [] as string[],
  ...extra,
});
const CHUNKS = [
  chunk('index.js', { isEntry: true, imports: ['react.js'], dynamicImports: ['worklist.js', 'viewer.js'] }),
  chunk('react.js', { moduleIds: ['/x/node_modules/react/index.js'] }),
  chunk('worklist.js', {
    isDynamicEntry: true,
    facadeModuleId: 'src/features/cases/pages/index.ts',
    imports: ['table.js', 'react.js'],
    dynamicImports: ['viewer.js'],
  }),
  chunk('table.js', { moduleIds: ['/x/node_modules/@tanstack/table-core/index.js'] }),
  chunk('viewer.js', {
    isDynamicEntry: true,
    facadeModuleId: 'src/features/viewer/pages/index.ts',
    moduleIds: ['/x/node_modules/@cornerstonejs/core/index.js'],
  }),
];

describe('what a console route loads before it renders', () => {
  it('is the entry and the page with their static imports, once each — not what they import lazily', () => {
    expect(staticClosure(CHUNKS, ['index.js']).sort()).toEqual(['index.js', 'react.js']);
    expect(routeChunks(CHUNKS, ['src/features/cases/pages/index.ts']).sort()).toEqual([
      'index.js',
      'react.js',
      'table.js',
      'worklist.js',
    ]);
  });

  it('names the modules a route must not load', () => {
    const worklist = routeChunks(CHUNKS, ['src/features/cases/pages/index.ts']);
    expect(modulesMatching(CHUNKS, worklist, /@cornerstonejs/)).toEqual([]);
    const viewer = routeChunks(CHUNKS, ['src/features/viewer/pages/index.ts']);
    expect(modulesMatching(CHUNKS, viewer, /@cornerstonejs/)).toEqual(['/x/node_modules/@cornerstonejs/core/index.js']);
  });

  it('says so when a page is no longer loaded lazily, or a chunk is missing', () => {
    expect(() => pageChunk(CHUNKS, 'src/features/tests/pages/index.ts')).toThrow(/no lazily loaded chunk/);
    expect(() => staticClosure(CHUNKS, ['gone.js'])).toThrow(/no chunk gone.js/);
  });
});
