import { beforeAll, describe, expect, it } from '@jest/globals';
import { AUTH_API, AUTH_MESSAGES, ROLE_CODES } from '@rayworks/contracts';
import {
  CONFIRM_PASSWORD_REQUIRED_MESSAGE,
  CURRENT_PASSWORD_REQUIRED_MESSAGE,
  NEW_PASSWORD_REQUIRED_MESSAGE,
  NEW_PASSWORD_SAME_AS_CURRENT_MESSAGE,
  PASSWORD_RULE_MESSAGE,
  PASSWORDS_MISMATCH_MESSAGE,
} from '@rayworks/validation';
import { AuthClient } from '../support/auth-client.js';
import { waitForMail } from '../support/mailbox.js';
import { extendTenant, standardTenant, tenantQuery, TEST_PASSWORD, type StandardTenant } from '../support/tenants.js';

const NEW_PASSWORD = 'Fresh@2026';

describe('passwords', () => {
  let t: StandardTenant;
  const api = new AuthClient();

  beforeAll(async () => {
    t = await standardTenant('pw');
  });

  describe('change password (spec §5 messages, word for word)', () => {
    const change = async (body: Record<string, unknown>, headers: Record<string, string> = {}) => {
      const session = await api.login(t.login('reception'), TEST_PASSWORD);
      return (await api.call(AUTH_API.updatePassword, body, { session, headers })).body.message;
    };

    it.each([
      [{ newPassword: NEW_PASSWORD }, CURRENT_PASSWORD_REQUIRED_MESSAGE],
      [{ oldPassword: TEST_PASSWORD }, NEW_PASSWORD_REQUIRED_MESSAGE],
      [{ oldPassword: TEST_PASSWORD, newPassword: 'short@1A' + ' ' }, PASSWORD_RULE_MESSAGE],
      [{ oldPassword: TEST_PASSWORD, newPassword: 'alllowercase@1' }, PASSWORD_RULE_MESSAGE],
      [{ oldPassword: TEST_PASSWORD, newPassword: 'Abcdefg1' }, PASSWORD_RULE_MESSAGE],
      [{ oldPassword: TEST_PASSWORD, newPassword: 'Ab@1' }, PASSWORD_RULE_MESSAGE],
      [{ oldPassword: TEST_PASSWORD, newPassword: TEST_PASSWORD }, NEW_PASSWORD_SAME_AS_CURRENT_MESSAGE],
    ])('%j → %s', async (body, message) => {
      expect(await change(body)).toBe(message);
    });

    it('refuses a wrong current password with 400 (the console shows it and stays), and changes nothing', async () => {
      const session = await api.login(t.login('ca2'), TEST_PASSWORD);
      const reply = await api.call(
        AUTH_API.updatePassword,
        { oldPassword: 'Wrong@1234', newPassword: NEW_PASSWORD, email: t.email('ca2') },
        { session },
      );
      expect(reply).toEqual({
        status: 400,
        body: { status: 'error', data: null, message: AUTH_MESSAGES.currentPasswordWrong },
      });
      expect((await api.call(AUTH_API.config, undefined, { session })).status).toBe(200);
      expect((await api.tryLogin(t.login('ca2'), TEST_PASSWORD)).status).toBe(200);
    });

    it('changes it (also from the spec’s headers), ends every session of the user, and the new password works', async () => {
      const one = await api.login(t.login('ca1'), TEST_PASSWORD);
      const two = await api.login(t.login('ca1'), TEST_PASSWORD);
      const reply = await api.call(
        AUTH_API.updatePassword,
        { email: t.email('ca1') },
        { session: one, headers: { password: NEW_PASSWORD, oldpassword: TEST_PASSWORD } },
      );
      expect(reply).toEqual({
        status: 200,
        body: { status: 'success', data: null, message: 'Password updated successfully' },
      });
      expect((await api.call(AUTH_API.config, undefined, { session: one })).status).toBe(401);
      expect((await api.call(AUTH_API.config, undefined, { session: two })).status).toBe(401);
      expect((await api.tryLogin(t.login('ca1'), TEST_PASSWORD)).status).toBe(401);
      expect((await api.tryLogin(t.login('ca1'), NEW_PASSWORD)).status).toBe(200);
      const actions = await tenantQuery<{ action: string }>(
        t.tenantId,
        `SELECT action FROM auth.audit_log WHERE actor_id = $1 ORDER BY id`,
        [t.users[t.login('ca1')]],
      );
      expect(actions.map((a) => a.action)).toEqual([
        'LOGIN_SUCCESS',
        'LOGIN_SUCCESS',
        'PASSWORD_CHANGE',
        'LOGIN_FAILURE',
        'LOGIN_SUCCESS',
      ]);
    });
  });

  describe('reset required (resetPassword)', () => {
    it('logs in with resetPassword true; only the configuration, logout and change password work until it is changed', async () => {
      const login = `${t.label}.fresh`;
      await extendTenant(t, [
        {
          loginName: login,
          firstName: 'Fresh',
          lastName: 'Admin',
          email: `${login}@it.rayworks.local`,
          role: ROLE_CODES.ADMIN,
          password: TEST_PASSWORD,
          resetPassword: true,
        },
      ]);
      const session = await api.login(login, TEST_PASSWORD);
      expect(session.data.resetPassword).toBe(true);
      expect((await api.call(AUTH_API.config, undefined, { session })).status).toBe(200);
      expect((await api.call(AUTH_API.findUsers, {}, { session })).status).toBe(403);
      expect((await api.call(AUTH_API.getPreferences, {}, { session })).status).toBe(403);
      expect(
        (
          await api.call(
            AUTH_API.updatePassword,
            { oldPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD },
            { session },
          )
        ).status,
      ).toBe(200);
      const again = await api.login(login, NEW_PASSWORD);
      expect(again.data.resetPassword).toBe(false);
      expect((await api.call(AUTH_API.findUsers, {}, { session: again })).status).toBe(200);
    });
  });

  describe('forgot password', () => {
    it('e-mails a link to /update-password whose token resets the password once; old sessions end', async () => {
      const before = await api.login(t.login('typist'), TEST_PASSWORD);
      const asked = await api.call(AUTH_API.forgotPassword, { loginName: t.login('typist') }, {});
      expect(asked).toEqual({
        status: 200,
        body: { status: 'success', data: null, message: AUTH_MESSAGES.resetLinkSent },
      });
      const mail = await waitForMail(t.email('typist'));
      expect(mail.subject).toBe('Reset your Rayworks password');
      const link = /(https?:\/\/\S+\/update-password\?resetToken=(\S+))/.exec(mail.text);
      expect(link).not.toBeNull();
      const resetToken = decodeURIComponent(link![2]!);

      const mismatch = await api.call(
        AUTH_API.resetPassword,
        { resetToken, newPassword: NEW_PASSWORD, confirmPassword: 'Other@2026' },
        {},
      );
      expect(mismatch.body.message).toBe(PASSWORDS_MISMATCH_MESSAGE);
      const unconfirmed = await api.call(
        AUTH_API.resetPassword,
        { resetToken, newPassword: NEW_PASSWORD, confirmPassword: '' },
        {},
      );
      expect(unconfirmed.body.message).toBe(CONFIRM_PASSWORD_REQUIRED_MESSAGE);
      const weak = await api.call(
        AUTH_API.resetPassword,
        { resetToken, newPassword: 'weak', confirmPassword: 'weak' },
        {},
      );
      expect(weak.body.message).toBe(PASSWORD_RULE_MESSAGE);

      const done = await api.call(
        AUTH_API.resetPassword,
        { resetToken, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
        {},
      );
      expect(done).toEqual({
        status: 200,
        body: { status: 'success', data: null, message: AUTH_MESSAGES.passwordResetDone },
      });
      expect((await api.call(AUTH_API.config, undefined, { session: before })).status).toBe(401);
      expect((await api.tryLogin(t.login('typist'), NEW_PASSWORD)).status).toBe(200);

      const twice = await api.call(
        AUTH_API.resetPassword,
        { resetToken, newPassword: 'Third@2026', confirmPassword: 'Third@2026' },
        {},
      );
      expect(twice).toEqual({
        status: 400,
        body: { status: 'error', data: null, message: AUTH_MESSAGES.resetLinkInvalid },
      });
      expect((await api.tryLogin(t.login('typist'), NEW_PASSWORD)).status).toBe(200);
    });

    it('answers the same for an unknown login name, and sends nothing', async () => {
      const reply = await api.call(AUTH_API.forgotPassword, { loginName: `nobody.${t.label}` }, {});
      expect(reply).toEqual({
        status: 200,
        body: { status: 'success', data: null, message: AUTH_MESSAGES.resetLinkSent },
      });
    });

    it('refuses a made-up token', async () => {
      const reply = await api.call(
        AUTH_API.resetPassword,
        { resetToken: 'x'.repeat(43), newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
        {},
      );
      expect(reply.body.message).toBe(AUTH_MESSAGES.resetLinkInvalid);
    });
  });

  describe('a user created by an administrator', () => {
    it('gets a temporary password by e-mail, logs in with resetPassword true and must set a new one', async () => {
      const admin = await api.login(t.login('ca3'), TEST_PASSWORD);
      const loginName = `${t.label}.newbie`;
      const email = `${loginName}@it.rayworks.local`;
      const created = await api.call<{ _id: string; resetPassword: boolean }>(
        AUTH_API.createUser,
        {
          loginName,
          firstName: 'New',
          lastName: 'Bie',
          email,
          roleID: t.roles[ROLE_CODES.RECEPTIONIST],
          centerID: [t.centres.c3],
        },
        { session: admin },
      );
      expect(created.status).toBe(200);
      expect(created.body.message).toBe('User Added Successfully');
      expect(created.body.data.resetPassword).toBe(true);
      const mail = await waitForMail(email);
      expect(mail.subject).toBe('Your Rayworks account');
      const temporary = /Temporary password: (\S+)/.exec(mail.text)![1]!;
      const session = await api.login(loginName, temporary);
      expect(session.data.resetPassword).toBe(true);
      expect(session.data.centerID).toEqual([t.centres.c3]);
      expect(
        (
          await api.call(
            AUTH_API.updatePassword,
            { oldPassword: temporary, newPassword: NEW_PASSWORD, email },
            { session },
          )
        ).status,
      ).toBe(200);
      expect((await api.login(loginName, NEW_PASSWORD)).data.resetPassword).toBe(false);
    });
  });
});
