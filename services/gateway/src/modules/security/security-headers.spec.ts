import { describe, expect, it } from '@jest/globals';
import { consoleCsp, helmetOptionsFor, HSTS, routeClassOf, viewerCsp } from './security-headers.js';

const settings = { storageOrigins: ['https://objects.example.com'] };

describe('routeClassOf', () => {
  it('sorts paths into console, API and docs', () => {
    const cases = {
      '/': 'console',
      '/login': 'console',
      '/assets/index-1.js': 'console',
      '/apis': 'console',
      '/api/auth/login': 'api',
      '/health/ready': 'api',
      '/metrics': 'api',
      '/docs': 'docs',
      '/docs-json': 'docs',
      '/api/cases/docs/swagger-ui.css': 'docs',
      '/dicomviewer': 'viewer',
      '/dicomviewer/': 'viewer',
      '/dicomviewerx': 'console',
      '/dicomviewer/other': 'console',
      '/cases/dicomviewer': 'console',
      '/api/cases/viewer/open': 'api',
      '/api/imaging/dicomweb/studies': 'api',
      '/assets/decodeImageFrameWorker-Bx1.js': 'viewer',
      '/assets/index-worker-1.mjs': 'viewer',
      '/assets/decodeImageFrameWorker-Bx1.wasm': 'console',
      '/assets/openjphjs-1.wasm': 'console',
      '/assets/ViewerPage-1.js': 'console',
    };
    expect(Object.fromEntries(Object.keys(cases).map((p) => [p, routeClassOf(p)]))).toEqual(cases);
  });
});

describe("the console's policy", () => {
  it('allows no inline or foreign script, and the object store only for images and uploads', () => {
    const csp = consoleCsp(settings, false);
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['img-src']).toContain('https://objects.example.com');
    expect(csp['connect-src']).toEqual(["'self'", 'https://objects.example.com']);
    // frames: the console's own pages and blobs (the report PDF, decision 0345), never the object store
    expect(csp['frame-src']).toEqual(["'self'", 'blob:']);
    expect(Object.values(csp).flat()).not.toContain("'unsafe-eval'");
    expect(csp['upgrade-insecure-requests']).toBeUndefined();
    expect(consoleCsp(settings, true)['upgrade-insecure-requests']).toEqual([]);
  });

  it('sends HSTS only over HTTPS, for every route class', () => {
    for (const routeClass of ['console', 'api', 'docs', 'viewer'] as const) {
      expect(helmetOptionsFor(routeClass, settings, false).strictTransportSecurity).toBe(false);
      expect(helmetOptionsFor(routeClass, settings, true).strictTransportSecurity).toBe(HSTS);
    }
  });
});

describe("the viewer's policy", () => {
  it("is the console's plus WebAssembly compilation, never eval of strings", () => {
    const csp = viewerCsp(settings, false);
    expect(csp['script-src']).toEqual(["'self'", "'wasm-unsafe-eval'"]);
    expect(Object.values(csp).flat()).not.toContain("'unsafe-eval'");
    const { 'script-src': _viewer, ...viewerRest } = csp;
    const { 'script-src': _console, ...consoleRest } = consoleCsp(settings, false);
    expect(viewerRest).toEqual(consoleRest);
    expect(viewerCsp(settings, true)['upgrade-insecure-requests']).toEqual([]);
  });

  it('is cross-origin isolated (COOP same-origin + COEP require-corp); the other classes have no COEP', () => {
    const viewer = helmetOptionsFor('viewer', settings, false);
    expect(viewer.crossOriginOpenerPolicy).toEqual({ policy: 'same-origin' });
    expect(viewer.crossOriginEmbedderPolicy).toEqual({ policy: 'require-corp' });
    expect(viewer.crossOriginResourcePolicy).toEqual({ policy: 'same-origin' });
    expect(viewer.xFrameOptions).toEqual({ action: 'deny' });
    for (const routeClass of ['console', 'api', 'docs'] as const) {
      expect(helmetOptionsFor(routeClass, settings, false).crossOriginEmbedderPolicy).toBe(false);
      expect(JSON.stringify(helmetOptionsFor(routeClass, settings, false).contentSecurityPolicy)).not.toContain(
        'wasm-unsafe-eval',
      );
    }
  });
});
