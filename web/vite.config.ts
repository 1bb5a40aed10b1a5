import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/** The browser-safe libraries, imported from their TypeScript sources (no prior build needed). */
const BROWSER_LIBS = ['contracts', 'lifecycles', 'validation', 'dicom', 'api-client'] as const;
const libSource = (lib: string): string => fileURLToPath(new URL(`../libs/${lib}/src/index.ts`, import.meta.url));

/** Where the dev server sends API, health and socket.io traffic: the gateway. */
const GATEWAY = process.env.VITE_GATEWAY_URL ?? 'http://127.0.0.1:8080';

/**
 * New-version detection (spec §4): each build gets an id, compiled into the bundle (__BUILD_ID__) and written
 * to dist/version.json, which the running console polls (src/app/version/).
 */
const BUILD_ID = `${new Date()
  .toISOString()
  .replace(/[-:.TZ]/g, '')
  .slice(0, 14)}-${randomBytes(4).toString('hex')}`;
function buildIdFile(): Plugin {
  return {
    name: 'rayworks-build-id',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'version.json', source: `${JSON.stringify({ buildId: BUILD_ID })}\n` });
    },
  };
}

/**
 * What each chunk of the build holds and imports, written beside the bundle (web/dist-meta/chunks.json, never served)
 * for the per-route size budget (scripts/console-budget.mjs, docs/decisions/0352): which code a route loads before it
 * renders, and whether the worklist pulls in the viewer's, the editor's or the charts' code.
 */
function chunksFile(): Plugin {
  return {
    name: 'rayworks-chunks-file',
    apply: 'build',
    writeBundle(_options, bundle) {
      const root = fileURLToPath(new URL('.', import.meta.url));
      const relative = (id: string) => (id.startsWith(root) ? id.slice(root.length) : id);
      const chunks = Object.values(bundle).flatMap((out) =>
        out.type === 'chunk'
          ? [
              {
                fileName: out.fileName,
                isEntry: out.isEntry,
                isDynamicEntry: out.isDynamicEntry,
                facadeModuleId: out.facadeModuleId ? relative(out.facadeModuleId) : null,
                moduleIds: out.moduleIds.map(relative),
                imports: out.imports,
                dynamicImports: out.dynamicImports,
              },
            ]
          : [],
      );
      const dir = fileURLToPath(new URL('./dist-meta/', import.meta.url));
      mkdirSync(dir, { recursive: true });
      writeFileSync(`${dir}chunks.json`, `${JSON.stringify({ chunks }, null, 1)}\n`);
    },
  };
}

export default defineConfig({
  plugins: [react(), buildIdFile(), chunksFile()],
  define: { __BUILD_ID__: JSON.stringify(BUILD_ID) },
  resolve: {
    alias: [
      ...BROWSER_LIBS.map((lib) => ({ find: `@rayworks/${lib}`, replacement: libSource(lib) })),
      // lab formulas take math.js as a static import in the console (the bundle keeps only what they use); Node
      // requires it on first use (libs/contracts/src/lims/formula-mathjs.ts)
      { find: /^\.\/formula-mathjs\.js$/, replacement: './formula-mathjs.browser.ts' },
    ],
  },
  // Cornerstone3D (the viewer, docs/decisions/0166): the DICOM image loader starts its decoders as module Web Workers
  // (`new Worker(new URL(..., import.meta.url), { type: 'module' })`) that load WebAssembly codecs; it must not be
  // pre-bundled (the worker and .wasm URLs would break), dicom-parser (CommonJS) must be.
  optimizeDeps: {
    exclude: ['@cornerstonejs/dicom-image-loader'],
    include: ['dicom-parser'],
  },
  worker: { format: 'es' },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: GATEWAY, changeOrigin: true },
      '/health': { target: GATEWAY, changeOrigin: true },
      '/realtime': { target: GATEWAY, changeOrigin: true, ws: true },
    },
  },
  preview: { port: 4173 },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // No source maps in the served bundle (the gateway refuses *.map as well): the dev server has its own
    // (docs/decisions/0067-internals-not-exposed.md).
    sourcemap: false,
    rolldownOptions: {
      output: {
        // React and the router are needed by every page and change rarely: one long-lived chunk. Everything else
        // (Mantine, TanStack Query, zod, socket.io, icons) is split by the pages that use it, so the first page
        // loads only what it renders (docs/decisions/0050-console-delivery.md).
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|react-router-dom|scheduler)[\\/]/ },
          ],
        },
      },
    },
  },
});
