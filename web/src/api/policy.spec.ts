import { describe, expect, it } from '@jest/globals';
import { AUTH_MESSAGES, serviceUnavailableMessage } from '@rayworks/contracts';
import { decideFailure } from './policy';

describe('the HTTP error catalogue (spec §8)', () => {
  it('sends the user to the offline page when the network fails, remembering where they were', () => {
    expect(decideFailure({ kind: 'offline' })).toEqual({ type: 'navigate', to: '/auth-offline', rememberOrigin: true });
  });

  it('sends 500 to the server-error page', () => {
    expect(decideFailure({ kind: 'http', status: 500, message: 'x' })).toEqual({ type: 'navigate', to: '/auth-500' });
  });

  it('sends 503 to the maintenance page with the message naming the service, remembering where the user was', () => {
    const message = serviceUnavailableMessage('lims');
    expect(decideFailure({ kind: 'http', status: 503, message })).toEqual({
      type: 'navigate',
      to: '/pages-maintenance',
      rememberOrigin: true,
      state: { message },
    });
    expect(decideFailure({ kind: 'http', status: 503, message: null })).toEqual({
      type: 'navigate',
      to: '/pages-maintenance',
      rememberOrigin: true,
    });
    // also before login: the login form cannot work while auth is down
    expect(decideFailure({ kind: 'http', status: 503, message }, 'public')).toMatchObject({ to: '/pages-maintenance' });
  });

  it("records 502 as 'Bad Gateway' without a page change", () => {
    expect(decideFailure({ kind: 'http', status: 502, message: 'whatever' })).toEqual({
      type: 'record',
      message: 'Bad Gateway',
    });
  });

  it("shows a 400's server message as a toast", () => {
    expect(decideFailure({ kind: 'http', status: 400, message: 'Group Code is required' })).toEqual({
      type: 'toast',
      message: 'Group Code is required',
    });
  });

  it('handles 401 once: message, storages cleared, login (the message falls back to a designed one)', () => {
    expect(decideFailure({ kind: 'http', status: 401, message: 'Token expired' })).toEqual({
      type: 'unauthorized',
      message: 'Token expired',
    });
    expect(decideFailure({ kind: 'http', status: 401 })).toEqual({
      type: 'unauthorized',
      message: AUTH_MESSAGES.unauthorized,
    });
  });

  it('sends 440 (idle session) to /sessionexpired', () => {
    expect(decideFailure({ kind: 'http', status: 440, message: 'Your session has expired.' })).toEqual({
      type: 'session-expired',
    });
  });

  it('ignores 404 and rejects 403 with the status only', () => {
    expect(decideFailure({ kind: 'http', status: 404, message: 'Not found' })).toEqual({ type: 'ignore' });
    expect(decideFailure({ kind: 'http', status: 403, message: 'no' })).toEqual({ type: 'reject-status' });
  });

  it('shows anything else with the server message, or a generic one', () => {
    expect(decideFailure({ kind: 'http', status: 409, message: 'Login name already taken' })).toEqual({
      type: 'toast',
      message: 'Login name already taken',
    });
    expect(decideFailure({ kind: 'http', status: 429, message: '  ' })).toEqual({
      type: 'toast',
      message: AUTH_MESSAGES.genericError,
    });
    expect(decideFailure({ kind: 'http', status: 200, message: null })).toEqual({
      type: 'toast',
      message: AUTH_MESSAGES.genericError,
    });
  });

  it('keeps the answers to login, forgot and reset password in their form', () => {
    for (const status of [400, 401, 403, 410, 429]) {
      expect(decideFailure({ kind: 'http', status, message: 'Invalid login name or password' }, 'public')).toEqual({
        type: 'inline',
        message: 'Invalid login name or password',
      });
    }
    expect(decideFailure({ kind: 'http', status: 500 }, 'public')).toEqual({ type: 'navigate', to: '/auth-500' });
    expect(decideFailure({ kind: 'offline' }, 'public').type).toBe('navigate');
  });

  it('changes nothing for background calls', () => {
    expect(decideFailure({ kind: 'http', status: 401 }, 'background')).toEqual({ type: 'ignore' });
    expect(decideFailure({ kind: 'offline' }, 'background')).toEqual({ type: 'ignore' });
  });
});
