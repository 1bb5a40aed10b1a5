import { describe, expect, it } from '@jest/globals';
import { ConfigError } from '../config/env.js';
import { isProxyAddress, loadHttpExposure, trustProxySetting } from './http-exposure.js';

describe('loadHttpExposure', () => {
  it('by default: every interface, nobody trusted, API docs on', () => {
    expect(loadHttpExposure({})).toEqual({ host: '0.0.0.0', trustedProxies: [], apiDocs: true });
    expect(trustProxySetting([])).toBe(false);
  });

  it('turns the API docs off in production unless enabled, and on or off as told elsewhere', () => {
    expect(loadHttpExposure({ NODE_ENV: 'production' }).apiDocs).toBe(false);
    expect(loadHttpExposure({ NODE_ENV: 'production', API_DOCS_ENABLED: 'true' }).apiDocs).toBe(true);
    expect(loadHttpExposure({ API_DOCS_ENABLED: 'false' }).apiDocs).toBe(false);
  });

  it('reads the trusted proxies as a list of addresses, ranges and names', () => {
    expect(
      loadHttpExposure({ HOST: '127.0.0.1', TRUSTED_PROXIES: ' loopback, 10.0.0.0/8,fd00::/8 ,192.0.2.7' }),
    ).toEqual({
      host: '127.0.0.1',
      trustedProxies: ['loopback', '10.0.0.0/8', 'fd00::/8', '192.0.2.7'],
      apiDocs: true,
    });
  });

  it('refuses what is not an address or a range, naming the variable', () => {
    for (const bad of ['true', '1', '*', 'gateway', '10.0.0.0/33', '::1/129', '10.0.0.1/8/8', '10.0.0.0/x']) {
      expect(isProxyAddress(bad)).toBe(false);
      expect(() => loadHttpExposure({ TRUSTED_PROXIES: bad })).toThrow(ConfigError);
    }
    expect(() => loadHttpExposure({ API_DOCS_ENABLED: 'yes' })).toThrow(/API_DOCS_ENABLED/);
  });
});
