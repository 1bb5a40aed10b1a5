import { describe, expect, it } from '@jest/globals';
import { SUBMODULES } from '../access/privileges.js';
import { MENU_CATALOGUE } from './menu.js';
import { PROTECTED_ROUTES, PUBLIC_ROUTES } from './routes.js';

/** The routes of spec §2, written out again here on purpose: the table must contain each of them. */
const SPEC_PROTECTED = [
  '/groups',
  '/add-groups',
  '/groups/view/:id',
  '/addcenter-groups',
  '/roles',
  '/roles/add',
  '/roles/edit/:id',
  '/roles/view/:id',
  '/users',
  '/users/add',
  '/users/edit/:id',
  '/users/view/:id',
  '/measurements',
  '/centers',
  '/add-centers-individual',
  '/centers/view/:id',
  '/add-centers-group',
  '/cases',
  '/cases/import',
  '/holidayCalender',
  '/dashboards',
  '/referrals',
  '/referrals/add',
  '/referrals/edit/:id',
  '/referrals/view/:id',
  '/doctors',
  '/doctors/add',
  '/doctors/edit/:id/profileID/:profileID',
  '/doctors/view/:id/profileID/:profileID',
  '/reportTemplates',
  '/custom-template',
  '/profile',
  '/profile/specialization',
  '/profile/signature',
  '/profile/config',
  '/tests',
  '/tests/upload',
  '/tests/add',
  '/tests/edit/:id',
  '/tests/view/:id',
  '/measurements/upload',
  '/packages',
  '/packages/add',
  '/packages/edit/:id',
  '/packages/view/:id',
  '/patients',
  '/patients/registration',
  '/patients/list',
  '/patients/list/patientDetails/:id/billingID/:billingId',
  '/departments',
  '/lab-management',
  '/outsourcing-lab',
  '/samplecollection',
  '/ratecard',
  '/ratecard/add',
  '/ratecard/edit/:id',
  '/ratecard/view/:id',
  '/lims',
  '/lims/sampleaccession',
  '/lims/lisvalidation',
  '/lims/testreporting',
  '/dicomviewer',
  '/fccases',
];

describe('route table', () => {
  it('has every protected route of spec §2 once', () => {
    const paths = PROTECTED_ROUTES.map((r) => r.path);
    for (const p of SPEC_PROTECTED) expect(paths).toContain(p);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('has the public routes of spec §2', () => {
    expect(Object.values(PUBLIC_ROUTES)).toEqual(
      expect.arrayContaining([
        '/logout',
        '/login',
        '/forgot-password',
        '/update-password',
        '/Request/addDocuments',
        '/auth-404-basic',
        '/auth-404-cover',
        '/auth-404-alt',
        '/auth-500',
        '/pages-maintenance',
        '/sessionexpired',
        '/payment',
      ]),
    );
  });

  it('guards every route and menu entry with a privilege that exists in the catalogue', () => {
    const needs = [
      ...PROTECTED_ROUTES.map((r) => r.need),
      ...MENU_CATALOGUE.flatMap((m) => [m.need, ...(m.subItems ?? []).map((s) => s.need)]),
    ].filter(Boolean);
    for (const need of needs) {
      const def = SUBMODULES[need!.type];
      expect(def.module).toBe(need!.module);
      for (const code of need!.anyOf) expect(def.privileges).toContain(code);
    }
  });

  it('hides the chrome only on the viewer', () => {
    expect(PROTECTED_ROUTES.filter((r) => r.chromeless).map((r) => r.path)).toEqual(['/dicomviewer']);
  });
});
