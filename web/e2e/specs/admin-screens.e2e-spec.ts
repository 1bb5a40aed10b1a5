import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { adminMessages, AUTH_API, ROLE_CODES } from '@rayworks/contracts';
import {
  invalidEmailMessage,
  PHONE_ALL_ZEROS_MESSAGE,
  PIN_ALL_ZEROS_MESSAGE,
  requiredMessage,
} from '@rayworks/validation';
import type { Page } from 'playwright-core';
import { choose } from '../pom/AdminPages';
import { LoginPage } from '../pom/LoginPage';
import { Shell } from '../pom/Shell';
import type { ApiSession } from '../requests/auth-api';
import { adminSession } from '../requests/seed';
import { useBrowser, openConsole, screenshot, uniqueName, url } from '../support/browser';
import { TEST_PASSWORD, useTenant } from '../support/tenant';

const fieldError = (page: Page, name: string) =>
  page.evaluate((n) => {
    const input = document.querySelector(`[data-testid="field-${n}"]`);
    return (
      input?.closest('.mantine-InputWrapper-root')?.querySelector('.mantine-InputWrapper-error')?.textContent?.trim() ??
      null
    );
  }, name);

/** The admin screens against the real API: each one's main path, with records the test creates in its own tenant. */
describe('admin screens', () => {
  const tenant = useTenant('screens');
  const browser = useBrowser();
  let admin: ApiSession;
  let page: Page;
  let shell: Shell;
  let close: () => Promise<void>;
  let pageErrors: string[];
  const tag = uniqueName('').slice(3, 11).toUpperCase();

  beforeAll(async () => {
    admin = await adminSession(tenant());
    const opened = await openConsole(browser());
    page = opened.page;
    pageErrors = opened.pageErrors;
    close = () => opened.context.close();
    await new LoginPage(page).login(tenant().login('admin'), TEST_PASSWORD);
    shell = new Shell(page);
    await shell.waitUntilReady();
  }, 60_000);

  afterAll(async () => {
    expect(pageErrors).toEqual([]);
    await close?.();
    await admin?.logout();
  });

  it('adds a group, shows the rules word for word, and adds a centre to it', async () => {
    await page.goto(url('/add-groups'), { waitUntil: 'domcontentloaded' });
    await page.getByTestId('group-form').waitFor();
    await page.getByTestId('field-phoneNumber').fill('0000000000');
    await page.getByTestId('field-email').fill('not-an-email');
    await page.getByTestId('group-form-submit').click();
    expect(await fieldError(page, 'name')).toBe(requiredMessage('Group Name'));
    expect(await fieldError(page, 'phoneNumber')).toBe(PHONE_ALL_ZEROS_MESSAGE);
    expect(await fieldError(page, 'email')).toBe(invalidEmailMessage('Email'));
    // The keystroke filter keeps digits out of an alphabets-only field.
    await page.getByTestId('field-city').pressSequentially('Pune42');
    expect(await page.getByTestId('field-city').inputValue()).toBe('Pune');

    await page.getByTestId('field-name').fill(`E2E Group ${tag}`);
    await page.getByTestId('field-code').fill(`G${tag}`);
    await page.getByTestId('field-email').fill('ops@e2e.rayworks.local');
    await page.getByTestId('field-phoneNumber').fill('9876543210');
    await page.getByTestId('group-form-submit').click();
    await shell.waitForToast(adminMessages('Group').created);
    await page
      .getByTestId('page-title')
      .filter({ hasText: `E2E Group ${tag}` })
      .waitFor();
    const groupId = new URL(page.url()).pathname.split('/').pop()!;

    const centre = await admin.call(AUTH_API.createCentre, {
      name: `E2E Solo ${tag}`,
      code: `S${tag}`,
      groupID: null,
      isFusion: false,
    });
    await page.goto(url(`/addcenter-groups?groupID=${groupId}`), { waitUntil: 'domcontentloaded' });
    await page.getByTestId('add-center-to-group-form').waitFor();
    await choose(page, 'field-centerID', `E2E Solo ${tag}`);
    await page.getByTestId('add-center-to-group-form-submit').click();
    await page.waitForURL((u) => u.pathname === `/groups/view/${groupId}`, { timeout: 15_000 });
    await page.getByTestId('list-group-centers-row').filter({ hasText: centre.name }).waitFor({ timeout: 15_000 });
    await screenshot(page, 'group-view-with-centre');
  }, 90_000);

  it('rejects a PIN of all zeros on the centre form', async () => {
    await page.goto(url('/add-centers-individual'), { waitUntil: 'domcontentloaded' });
    await page.getByTestId('center-form').waitFor();
    await page.getByTestId('field-pinCode').fill('000000');
    await page.getByTestId('center-form-submit').click();
    expect(await fieldError(page, 'pinCode')).toBe(PIN_ALL_ZEROS_MESSAGE);
    expect(await fieldError(page, 'name')).toBe(requiredMessage('Center Name'));
  }, 30_000);

  it('adds a role with the privilege matrix, edits it and shows it', async () => {
    await page.goto(url('/roles/add'), { waitUntil: 'domcontentloaded' });
    await page.getByTestId('role-form').waitFor();
    await page.getByTestId('role-form-submit').click();
    expect(await page.getByTestId('role-privileges-error').textContent()).toBe('Please select at least one privilege');
    await page.getByTestId('field-name').fill(`E2E Role ${tag}`);
    await choose(page, 'field-roleCode', 'Receptionist', 'Receptionist (RECEPTIONIST)');
    await page.getByTestId('role-apply-defaults').click();
    await page.getByTestId('privilege-USER-VIEW').check();
    await screenshot(page, 'role-form');
    await page.getByTestId('role-form-submit').click();
    await shell.waitForToast(adminMessages('Role').created);
    await page
      .getByTestId('page-title')
      .filter({ hasText: `E2E Role ${tag}` })
      .waitFor();
    expect(await page.getByTestId('privilege-USER-VIEW').isVisible()).toBe(true);

    await page.getByTestId('role-edit').click();
    await page.getByTestId('role-form').waitFor();
    await page.getByTestId('privilege-USER-VIEW').uncheck();
    await page.getByTestId('role-form-submit').click();
    await shell.waitForToast(adminMessages('Role').updated);
    await page.getByTestId('privilege-matrix').waitFor();
    await page.getByTestId('privilege-USER-VIEW').waitFor({ state: 'detached' });
    const role = (
      await admin.call(AUTH_API.getRoles, { page: 1, pageSize: 100, sortDir: 'asc', search: `E2E Role ${tag}` })
    ).items[0]!;
    expect(role.roleCode).toBe(ROLE_CODES.RECEPTIONIST);
    expect(role.privileges.USER).toBeUndefined();
  }, 90_000);

  it('adds a department and a sub-department', async () => {
    await page.goto(url('/departments'), { waitUntil: 'domcontentloaded' });
    await page.getByTestId('departments-add').click();
    await page.getByTestId('department-modal').getByTestId('field-name').fill(`E2E Dept ${tag}`);
    await page.getByTestId('department-modal').getByTestId('field-code').fill(`D${tag}`);
    await page.getByTestId('department-submit').click();
    await shell.waitForToast(adminMessages('Department').created);
    const list = page.getByTestId('list-departments-search');
    await list.fill(`E2E Dept ${tag}`);
    await page.getByTestId(`department-actions-D${tag}`).click();
    await page.getByRole('menuitem', { name: 'Add Sub-department' }).click();
    await page.getByTestId('sub-department-modal').getByTestId('field-subDepartmentName').fill('Neuro CT');
    await page.getByTestId('sub-department-modal').getByTestId('field-subDepartmentCode').fill('NCT');
    await page.getByTestId('sub-department-submit').click();
    await shell.waitForToast(adminMessages('Sub-department').created);
    await page
      .getByTestId('list-departments-row')
      .filter({ hasText: `E2E Dept ${tag}` })
      .filter({ hasText: 'Neuro CT' })
      .waitFor({ timeout: 15_000 });
    const departments = (
      await admin.call(AUTH_API.getDepartments, { page: 1, pageSize: 5, sortDir: 'asc', search: `E2E Dept ${tag}` })
    ).items;
    expect(departments.map((d) => d.code)).toEqual([`D${tag}`]);
  }, 60_000);

  it('adds, views and edits a doctor (profileID in the path)', async () => {
    await page.goto(url('/doctors/add'), { waitUntil: 'domcontentloaded' });
    await page.getByTestId('doctor-form').waitFor();
    await page.getByTestId('field-firstName').fill('Aditi');
    await page.getByTestId('field-lastName').fill(`Rao ${tag.replace(/\d/g, '')}`.trim());
    await page.getByTestId('field-qualificationName').fill('MD Radiology');
    await page.getByTestId('doctor-form-submit').click();
    await shell.waitForToast(adminMessages('Doctor').created);
    await page.waitForURL((u) => /^\/doctors\/view\/[^/]+\/profileID\/[^/]+$/.test(u.pathname));
    // a doctor of no centre is shared by the whole tenant, and the view says so in words, not ids
    await page.getByTestId('doctor-centres').filter({ hasText: 'All centres' }).waitFor();
    await screenshot(page, 'doctor-view', false);
    await page.getByTestId('doctor-edit').click();
    await page.waitForURL((u) => /^\/doctors\/edit\/[^/]+\/profileID\/[^/]+$/.test(u.pathname));
    await page.getByTestId('field-specialization').fill('Neuroradiology');
    await page.getByTestId('doctor-form-submit').click();
    await shell.waitForToast(adminMessages('Doctor').updated);
    await page.getByText('Neuroradiology').first().waitFor();
  }, 60_000);

  it('adds, views and edits a referral', async () => {
    await page.goto(url('/referrals/add'), { waitUntil: 'domcontentloaded' });
    await page.getByTestId('referral-form').waitFor();
    await page.getByTestId('field-name').fill(`E2E Clinic ${tag}`);
    await choose(page, 'field-providerType', 'External');
    await page.getByTestId('field-commissionPercent').fill('12.5');
    await page.getByTestId('referral-form-submit').click();
    await shell.waitForToast(adminMessages('Referral').created);
    await page.waitForURL((u) => u.pathname.startsWith('/referrals/view/'));
    await page.getByTestId('referral-edit').click();
    await page.getByTestId('field-commissionPercent').fill('150');
    await page.getByTestId('referral-form-submit').click();
    expect(await fieldError(page, 'commissionPercent')).toBe('Please give valid inputs');
    await page.getByTestId('field-commissionPercent').fill('15');
    await page.getByTestId('referral-form-submit').click();
    await shell.waitForToast(adminMessages('Referral').updated);
    await page.getByText('15%').first().waitFor();
  }, 60_000);

  it('searches users on the server and inactivates and activates one', async () => {
    const created = await admin.call(AUTH_API.getRoles, { page: 1, pageSize: 100, sortDir: 'asc' });
    const role = created.items.find((r) => r.roleCode === ROLE_CODES.TYPIST)!;
    const loginName = uniqueName('toggle').toLowerCase();
    await admin.call(AUTH_API.createUser, {
      loginName,
      firstName: 'Toggle',
      lastName: 'Person',
      email: `${loginName}@e2e.rayworks.local`,
      roleID: role._id,
      groupID: null,
      centerID: [],
    });
    await page.goto(url('/users'), { waitUntil: 'domcontentloaded' });
    await page.getByTestId('list-users-search').fill(loginName);
    await page.waitForFunction((q) => new URL(window.location.href).searchParams.get('q') === q, loginName);
    const row = page.getByTestId('list-users-row').filter({ hasText: loginName });
    await row.waitFor({ timeout: 15_000 });
    // The server's answer to the search replaces the unfiltered first page: wait until only the match is left.
    await page
      .waitForFunction(() => document.querySelectorAll('[data-testid="list-users-row"]').length === 1, undefined, {
        timeout: 15_000,
      })
      .catch(() => undefined);
    expect(await page.getByTestId('list-users-row').count()).toBe(1);
    // The switch's track covers its input; a forced click is the user's click on the track.
    await row.getByRole('switch').click({ force: true });
    await page.getByTestId(`user-active-toggle-${loginName}-confirm`).click();
    await shell.waitForToast(adminMessages('User').inactivated);
    await page
      .getByTestId(`user-active-toggle-${loginName}`)
      .and(page.locator('[data-active="false"]'))
      .waitFor({ timeout: 10_000 });
    await page.getByTestId(`user-active-toggle-${loginName}-confirm`).waitFor({ state: 'detached' });
    await row.getByRole('switch').click({ force: true });
    await page.getByTestId(`user-active-toggle-${loginName}-confirm`).click();
    await shell.waitForToast(adminMessages('User').activated);
    const user = (await admin.call(AUTH_API.findUsers, { page: 1, pageSize: 5, sortDir: 'asc', search: loginName }))
      .items[0]!;
    expect(user.isActive).toBe(true);
  }, 60_000);
});
