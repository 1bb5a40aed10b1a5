import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ApiClient, loginHeaders } from '@rayworks/api-client';
import { AUTH_API, GATEWAY_PORT, SERVICE_NAMES, SERVICE_PORTS, type UserSession } from '@rayworks/contracts';
import {
  eventually,
  everyRoleTenant,
  freePort,
  localJwksUrl,
  startScript,
  stop,
  TEST_PASSWORD,
} from '@rayworks/testing';

/**
 * CORS for DICOMweb through the gateway (issue 20, item 22; docs/decisions/0209): an OHIF viewer served from another
 * origin sends a preflight and reads QIDO and WADO answers when its origin is in DICOMWEB_CORS_ORIGINS; any other
 * origin, and every origin when nothing is configured (the running stack's gateway), gets no CORS header and keeps
 * Cross-Origin-Resource-Policy same-origin. A second gateway with the setting, in front of the running services.
 */
const VIEWER = 'https://ohif.example.test';
const main = process.env.E2E_BASE_URL ?? `http://127.0.0.1:${GATEWAY_PORT}`;

describe('DICOMweb CORS through the gateway', () => {
  let gateway: ReturnType<typeof startScript>;
  let base: string;
  let session: UserSession;

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    gateway = startScript(fileURLToPath(new URL('../../dist/main.js', import.meta.url)), {
      PORT: String(port),
      REDIS_URL: process.env.REDIS_URL!,
      LOG_LEVEL: 'warn',
      AUTH_JWKS_URL: localJwksUrl(),
      WEB_DIST_DIR: fileURLToPath(new URL('../../../../web/dist', import.meta.url)),
      DICOMWEB_CORS_ORIGINS: `${VIEWER}, https://other-viewer.example.test`,
      ...Object.fromEntries(
        SERVICE_NAMES.map((s) => [`SERVICE_URL_${s.toUpperCase()}`, `http://127.0.0.1:${SERVICE_PORTS[s]}`]),
      ),
    });
    await eventually(
      () => fetch(`${base}/health/live`),
      (r) => r.ok,
      { what: 'gateway with DICOMWEB_CORS_ORIGINS up' },
    );
    const t = await everyRoleTenant('cors');
    session = await new ApiClient({ baseUrl: main }).call(
      AUTH_API.login,
      {},
      { headers: loginHeaders(t.login('radiologist'), TEST_PASSWORD) },
    );
  }, 120_000);

  afterAll(async () => gateway && stop(gateway));

  const preflight = (url: string, origin: string) =>
    fetch(url, {
      method: 'OPTIONS',
      headers: {
        Origin: origin,
        'Access-Control-Request-Method': 'GET',
        'Access-Control-Request-Headers': 'authorization,accept',
      },
    });

  it('answers the preflight of an allowed origin itself (204) with what it may send', async () => {
    const res = await preflight(`${base}/api/imaging/dicomweb/studies?limit=1`, VIEWER);
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe(VIEWER);
    expect(res.headers.get('access-control-allow-methods')).toContain('GET');
    expect(res.headers.get('access-control-allow-methods')).toContain('POST');
    expect(res.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('authorization');
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();
    expect(res.headers.get('vary')).toMatch(/Origin/i);
  });

  it('lets an allowed origin read a QIDO answer: CORS headers and Cross-Origin-Resource-Policy cross-origin', async () => {
    const res = await fetch(`${base}/api/imaging/dicomweb/studies?limit=1`, {
      headers: { Origin: VIEWER, Accept: 'application/dicom+json', Authorization: `Bearer ${session.token}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe(VIEWER);
    expect(res.headers.get('access-control-expose-headers')).toContain('Warning');
    expect(res.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    // and a 401 it can read, WWW-Authenticate included
    const anonymous = await fetch(`${base}/api/imaging/dicomweb/studies`, {
      headers: { Origin: VIEWER, Accept: 'application/dicom+json' },
    });
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('access-control-allow-origin')).toBe(VIEWER);
    expect(anonymous.headers.get('access-control-expose-headers')).toContain('WWW-Authenticate');
  });

  it('gives another origin, another path and the default configuration nothing', async () => {
    const stranger = await fetch(`${base}/api/imaging/dicomweb/studies?limit=1`, {
      headers: {
        Origin: 'https://evil.example.test',
        Accept: 'application/dicom+json',
        Authorization: `Bearer ${session.token}`,
      },
    });
    expect(stranger.headers.get('access-control-allow-origin')).toBeNull();
    expect(stranger.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    const strangerPreflight = await preflight(`${base}/api/imaging/dicomweb/studies`, 'https://evil.example.test');
    expect(strangerPreflight.headers.get('access-control-allow-origin')).toBeNull();
    const otherPath = await preflight(`${base}/api/auth/users/find`, VIEWER);
    expect(otherPath.headers.get('access-control-allow-origin')).toBeNull();
    const defaults = await preflight(`${main}/api/imaging/dicomweb/studies`, VIEWER);
    expect(defaults.headers.get('access-control-allow-origin')).toBeNull();
    const read = await fetch(`${main}/api/imaging/dicomweb/studies?limit=1`, {
      headers: { Origin: VIEWER, Accept: 'application/dicom+json', Authorization: `Bearer ${session.token}` },
    });
    expect(read.headers.get('access-control-allow-origin')).toBeNull();
    expect(read.headers.get('cross-origin-resource-policy')).toBe('same-origin');
  });
});
