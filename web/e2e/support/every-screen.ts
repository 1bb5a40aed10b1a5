import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from '@jest/globals';
import {
  AUTH_API,
  CONSOLE_ROUTES,
  hasPrivilege,
  PLATFORM_MODULE,
  PROTECTED_ROUTES,
  PUBLIC_ROUTES,
  ROLE_CODES,
  type PermissionConfig,
} from '@rayworks/contracts';
import { infraEnv, platformOperator, roleUrl, type TestPlatformOperator } from '@rayworks/testing';
import type { Page } from 'playwright-core';
import { LoginPage } from '../pom/LoginPage';
import { ApiSession } from '../requests/auth-api';
import { blockingViolations, settle, type AxeFinding } from './axe';
import { navigateInApp, openConsole, screenshot, url, useBrowser } from './browser';

/**
 * Every console route an administrator can reach — and the platform operator's screens, as an operator of its own
 * (docs/decisions/0085) — checked with axe-core (WCAG 2.1 A/AA, no critical or serious
 * violation), in one variant (theme and width) per spec file so that jest runs them side by side
 * (web/e2e/specs/accessibility-*.e2e-spec.ts). Each makes its own tenant (services/auth/dist/tenant.js) with one
 * record of every kind a detail route shows, and never logs in as a demo user.
 */
const suffix = randomBytes(3).toString('hex');
const PASSWORD = 'Axe@12345';
const admin = `axe${suffix}.admin`;

interface Ids {
  group: string;
  centre: string;
  role: string;
  user: string;
  referral: string;
  doctor: { id: string; profileID: string };
}

async function provisionTenant(): Promise<{ group: string; centre: string; role: string; user: string }> {
  const spec = {
    company: { name: `Axe ${suffix}`, code: `e2e-axe-${suffix}` },
    groups: [{ key: 'g', name: `Axe Group ${suffix}`, code: `AXG${suffix}` }],
    centres: [
      { key: 'c1', name: `Axe Centre ${suffix}`, code: `AXC${suffix}`, group: 'g' },
      { key: 'c2', name: `Axe Solo ${suffix}`, code: `AXS${suffix}` },
    ],
    users: [
      {
        loginName: admin,
        firstName: 'Ada',
        lastName: 'Axe',
        email: `${admin}@e2e.rayworks.local`,
        role: ROLE_CODES.ADMIN,
        password: PASSWORD,
      },
      {
        loginName: `axe${suffix}.desk`,
        firstName: 'Dina',
        lastName: 'Desk',
        email: `axe${suffix}.desk@e2e.rayworks.local`,
        role: ROLE_CODES.RECEPTIONIST,
        centres: ['c1'],
        password: PASSWORD,
      },
    ],
  };
  const cli = fileURLToPath(new URL('../../../services/auth/dist/tenant.js', import.meta.url));
  const { stdout } = await promisify(execFile)(process.execPath, [cli, JSON.stringify(spec)], {
    env: { ...process.env, DATABASE_URL: roleUrl(infraEnv().ownerDatabaseUrl, 'rayworks_auth') },
  });
  const out = JSON.parse(stdout) as {
    groups: Record<string, string>;
    centres: Record<string, string>;
    roles: Record<string, string>;
    users: Record<string, string>;
  };
  return {
    group: out.groups.g!,
    centre: out.centres.c1!,
    role: out.roles[ROLE_CODES.RECEPTIONIST]!,
    user: out.users[`axe${suffix}.desk`]!,
  };
}

/** A route pattern with the ids of this tenant's records in place of its parameters. */
function concrete(path: string, ids: Ids): string {
  const byPrefix: Array<[string, Record<string, string>]> = [
    ['/groups/', { id: ids.group }],
    ['/centers/', { id: ids.centre }],
    ['/roles/', { id: ids.role }],
    ['/users/', { id: ids.user }],
    ['/referrals/', { id: ids.referral }],
    ['/doctors/', { id: ids.doctor.id, profileID: ids.doctor.profileID }],
  ];
  const params = byPrefix.find(([prefix]) => path.startsWith(prefix))?.[1] ?? {};
  return path
    .replace(/:([A-Za-z]+)/g, (_, name: string) => params[name] ?? '00000000-0000-4000-8000-000000000000')
    .replace(/\*$/, 'x');
}

/** The screens that open another one in their place (the patients' home opens their list). */
const OPENS_ANOTHER: Record<string, string> = { [CONSOLE_ROUTES.patients]: CONSOLE_ROUTES.patientsList };

/** Public pages, checked before logging in (/logout is left out: it ends the session the spec then uses). */
const PUBLIC_PATHS = Object.values(PUBLIC_ROUTES).filter((p) => p !== PUBLIC_ROUTES.logout);

export interface ScreenVariant {
  name: string;
  colorScheme: 'light' | 'dark';
  width: number;
  height: number;
}

export const VARIANTS = {
  lightDesktop: { name: 'light desktop', colorScheme: 'light', width: 1440, height: 900 },
  darkDesktop: { name: 'dark desktop', colorScheme: 'dark', width: 1440, height: 900 },
  lightPhone: { name: 'light phone', colorScheme: 'light', width: 390, height: 844 },
} as const satisfies Record<string, ScreenVariant>;

/** The list pages whose screenshots (web/e2e/screenshots/axe-*.png) show the layout of each variant. */
const SCREENSHOT_PATHS = ['/users', '/groups', '/roles', '/centers'];

/** Declares the tests of one variant: call inside a spec file's top level. */
export function checkEveryScreen(variant: ScreenVariant): void {
  describe(`accessibility of every screen (axe-core, WCAG 2.1 AA), ${variant.name}`, () => {
    const browser = useBrowser();
    let ids: Ids;
    let protectedPaths: string[];
    let operator: TestPlatformOperator;
    const operatorPaths = PROTECTED_ROUTES.filter((r) => r.need.module === PLATFORM_MODULE).map((r) => r.path);

    beforeAll(async () => {
      operator = await platformOperator('axe');
      const tenant = await provisionTenant();
      const api = await ApiSession.login(admin, PASSWORD);
      try {
        const referral = await api.call(AUTH_API.createReferral, {
          name: `Axe Referral ${suffix}`,
          providerType: 'External',
        });
        const doctor = await api.call(AUTH_API.createDoctor, {
          firstName: 'Dora',
          lastName: `Axe${suffix.replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!)}`,
          centerID: [tenant.centre],
        });
        ids = { ...tenant, referral: referral._id, doctor: { id: doctor._id, profileID: doctor.profileID } };
        const config = (await api.call(AUTH_API.config)) as PermissionConfig;
        protectedPaths = PROTECTED_ROUTES.filter((r) => hasPrivilege(config, r.need)).map((r) => concrete(r.path, ids));
      } finally {
        await api.logout();
      }
    }, 60_000);

    it('the administrator reaches every available screen of the console but the platform operator’s', () => {
      const available = PROTECTED_ROUTES.filter((r) => r.availability === 'available').map((r) =>
        concrete(r.path, ids),
      );
      expect(available.filter((p) => !protectedPaths.includes(p) && !operatorPaths.includes(p))).toEqual([]);
      expect(protectedPaths.filter((p) => operatorPaths.includes(p))).toEqual([]);
    });

    /**
     * Opens one screen and checks it. Public pages load from the address; a signed-in user's screens are opened as
     * the console's links open them (navigateInApp), which spares a reload of the whole console for each of ~90
     * screens. Each must stay where it was sent: a screen that sends the user elsewhere (to /login) is a finding.
     */
    async function check(page: Page, path: string, where: string, findings: AxeFinding[], inApp: boolean) {
      if (inApp) await navigateInApp(page, path);
      else await page.goto(url(path), { waitUntil: 'domcontentloaded' });
      await settle(page);
      const at = new URL(page.url()).pathname;
      if (at !== (OPENS_ANOTHER[path] ?? path))
        findings.push({ where: `${path} (${where})`, rule: 'stays', impact: '', help: `went to ${at}`, nodes: [] });
      findings.push(...(await blockingViolations(page, `${path} (${where})`)));
    }

    it(`finds no critical or serious violation on any screen (${variant.name})`, async () => {
      const { context, page, pageErrors } = await openConsole(browser(), variant);
      const findings: AxeFinding[] = [];
      try {
        for (const path of PUBLIC_PATHS) await check(page, path, variant.name, findings, false);
        await new LoginPage(page).login(admin, PASSWORD);
        for (const path of protectedPaths) {
          await check(page, path, variant.name, findings, true);
          if (SCREENSHOT_PATHS.includes(path))
            await screenshot(page, `axe${path.replace(/\//g, '-')}-${variant.name.replace(' ', '-')}`, false);
        }
        // still the administrator's session at the end: no screen sent the spec back to /login
        expect(new URL(page.url()).pathname).toBe(protectedPaths.at(-1));
      } finally {
        await context.close();
      }
      const operatorTab = await openConsole(browser(), variant);
      try {
        await new LoginPage(operatorTab.page).login(operator.loginName, operator.password);
        for (const path of operatorPaths)
          await check(operatorTab.page, path, `${variant.name}, platform operator`, findings, true);
        expect(new URL(operatorTab.page.url()).pathname).toBe(operatorPaths.at(-1));
        expect(operatorTab.pageErrors).toEqual([]);
      } finally {
        await operatorTab.context.close();
      }
      expect(findings).toEqual([]);
      expect(pageErrors).toEqual([]);
    }, 300_000);
  });
}
