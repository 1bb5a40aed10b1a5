import { describe, expect, it } from '@jest/globals';
import { consoleCsp, helmetOptionsFor, HSTS, routeClassOf } from './security-headers.js';

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
    expect(Object.values(csp).flat()).not.toContain("'unsafe-eval'");
    expect(csp['upgrade-insecure-requests']).toBeUndefined();
    expect(consoleCsp(settings, true)['upgrade-insecure-requests']).toEqual([]);
  });

  it('sends HSTS only over HTTPS, for every route class', () => {
    for (const routeClass of ['console', 'api', 'docs'] as const) {
      expect(helmetOptionsFor(routeClass, settings, false).strictTransportSecurity).toBe(false);
      expect(helmetOptionsFor(routeClass, settings, true).strictTransportSecurity).toBe(HSTS);
    }
  });
});
