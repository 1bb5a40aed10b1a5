import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from '@jest/globals';
import type { Credentials } from '@rayworks/api-client';
import {
  DEFAULT_ROLE_PRIVILEGES,
  defaultReportLayout,
  GENERIC,
  grantsAllow,
  REPORTING_API,
  requirement,
  TEMPLATE_MESSAGES as M,
  type Endpoint,
} from '@rayworks/contracts';
import {
  eventually,
  EVERY_ROLE_REACH,
  EVERY_ROLE_USERS,
  everyRoleTenant,
  tenantQuery,
  type EveryRoleTenant,
  type EveryRoleUser,
} from '@rayworks/testing';
import { api, signIn } from '../support/cases.js';

/**
 * Every reporting route that names a centre (templates create/update, macros create/update, the layout's read, save
 * and image upload, the critical-result settings' read and save) against every role of a company of two groups of centres, and a second company, through the
 * gateway (docs/decisions/0214): a centre the caller does not have — another company's, one that does not exist, or one
 * of its own company out of its reach — is refused with the designed answer and changes nothing; one it has is
 * accepted when its role holds the privilege. The centres of a company reach reporting from auth's events (its read
 * model of auth.org.v1), so a company-level user's centre is checked too.
 */
type CentreKey = 'c1' | 'c2' | 'c3' | 'hub';
type Target = CentreKey | 'other company' | 'no centre';
const TARGETS: readonly Target[] = ['c1', 'c2', 'c3', 'hub', 'other company', 'no centre'];

const REACH = EVERY_ROLE_REACH;
const USERS = Object.keys(EVERY_ROLE_USERS) as EveryRoleUser[];

const { VIEW, CREATE, EDIT } = GENERIC;
type Code = typeof VIEW | typeof CREATE | typeof EDIT;
const may = (who: EveryRoleUser, type: 'TEMPLATES' | 'CENTERS', code: Code) =>
  grantsAllow(DEFAULT_ROLE_PRIVILEGES[EVERY_ROLE_USERS[who].role], requirement(type, code));
const holds = (who: EveryRoleUser, target: Target) => {
  const reach = REACH[who];
  if (target === 'other company' || target === 'no centre') return false;
  return reach === 'company' || reach.includes(target);
};

type Op =
  | 'template.create'
  | 'template.update'
  | 'macro.create'
  | 'macro.update'
  | 'layout.get'
  | 'layout.save'
  | 'layout.image'
  | 'critical.get'
  | 'critical.save';
/** The routes that answer a centre not the caller's with 404 (the others with 403). */
const NOT_FOUND_OPS: readonly Op[] = ['layout.get', 'layout.save', 'layout.image', 'critical.get', 'critical.save'];

/**
 * The answer the rule gives: the route's privilege (403, the guard's), saving a layout's centre-admin rule (403), then
 * the centre (403 for templates and macros, 404 for the layout, both 'The centre is not one of yours').
 */
function expected(op: Op, who: EveryRoleUser, target: Target): string {
  const privilege = op.endsWith('get') ? VIEW : op.endsWith('create') ? CREATE : EDIT;
  if (!may(who, op.startsWith('critical') ? 'CENTERS' : 'TEMPLATES', privilege)) return '403';
  if ((op === 'layout.save' || op === 'layout.image') && REACH[who] !== 'company' && !may(who, 'CENTERS', EDIT))
    return '403';
  if (!holds(who, target)) return `${NOT_FOUND_OPS.includes(op) ? 404 : 403} ${M.centreOutOfReach}`;
  return '200';
}

describe('reporting refuses a centre the caller does not have, for every role of two companies', () => {
  let a: EveryRoleTenant;
  let b: EveryRoleTenant;
  const session = new Map<EveryRoleUser, Credentials>();
  let adminB: Credentials;
  const NONE = randomUUID();
  const centreOf = (target: Target): string =>
    target === 'other company' ? b.centres.c1! : target === 'no centre' ? NONE : a.centres[target]!;
  // each user's own template and macro (no centre), moved to each centre by an update
  const own = new Map<EveryRoleUser, { template: string; macro: string }>();
  let serial = 0;

  const call = async (op: Op, who: EveryRoleUser, centreId: string) => {
    serial += 1;
    const route: Record<Op, [Endpoint, unknown]> = {
      'template.create': [REPORTING_API.createReportTemplate, { name: `T${serial}`, centreId, html: '<p>t</p>' }],
      'template.update': [
        REPORTING_API.updateReportTemplate,
        { id: own.get(who)?.template, name: `T${serial}`, centreId, personal: true, html: '<p>t</p>' },
      ],
      'macro.create': [REPORTING_API.createMacro, { code: `.m${serial}`, text: 'macro', centreId }],
      'macro.update': [
        REPORTING_API.updateMacro,
        { id: own.get(who)?.macro, code: `.m${serial}`, text: 'macro', centreId, personal: true },
      ],
      'layout.get': [REPORTING_API.getReportConfig, { centreId }],
      'layout.save': [REPORTING_API.createReportConfig, { centreId, layout: defaultReportLayout() }],
      'layout.image': [
        REPORTING_API.layoutImageUploadUrl,
        { centreId, kind: 'headerLogo', contentType: 'image/png', size: 100 },
      ],
      'critical.get': [REPORTING_API.getCriticalSettings, { centreId }],
      'critical.save': [REPORTING_API.saveCriticalSettings, { centreId, escalateAfterMinutes: 45 }],
    };
    const [endpoint, body] = route[op];
    const reply = await api.reply(endpoint, body as never, { session: session.get(who)! });
    return { status: reply.status, message: reply.body.message };
  };

  beforeAll(async () => {
    [a, b] = await Promise.all([everyRoleTenant('rc-a'), everyRoleTenant('rc-b')]);
    for (const who of USERS) session.set(who, await signIn(a, who));
    adminB = await signIn(b, 'admin');
    // reporting learns a company's centres from auth's events: wait until both companies' are there
    for (const [t, s] of [
      [a, session.get('admin')!],
      [b, adminB],
    ] as const)
      await eventually(
        () => api.reply(REPORTING_API.getReportConfig, { centreId: t.centres.hub! }, { session: s }),
        (r) => r.status === 200,
        { what: `reporting knows the centres of ${t.name}`, timeoutMs: 60_000 },
      );
    for (const who of USERS) {
      if (!may(who, 'TEMPLATES', CREATE)) continue;
      const s = { session: session.get(who)! };
      const template = await api.call(
        REPORTING_API.createReportTemplate,
        { name: `own ${who}`, personal: true, html: '<p>own</p>' },
        s,
      );
      const macro = await api.call(
        REPORTING_API.createMacro,
        { code: `.own${serial++}`, text: 'own', personal: true },
        s,
      );
      own.set(who, { template: template.id, macro: macro.id });
    }
  }, 240_000);

  const OPS: readonly Op[] = [
    'template.create',
    'template.update',
    'macro.create',
    'macro.update',
    'layout.get',
    'layout.save',
    'layout.image',
    'critical.get',
    'critical.save',
  ];

  it.each(USERS)(
    '%s: every route, every centre — accepted only for a centre it has',
    async (who) => {
      const answers: string[] = [];
      const wanted: string[] = [];
      for (const op of OPS) {
        // an update needs something of the caller's own to move (only those who may create have one)
        if (op.endsWith('update') && !own.has(who)) continue;
        for (const target of TARGETS) {
          const want = expected(op, who, target);
          const { status, message } = await call(op, who, centreOf(target));
          // the message is compared where the centre is the reason (a missing privilege is the guard's own 403)
          answers.push(`${op} ${target}: ${want.includes(' ') ? `${status} ${message}` : status}`);
          wanted.push(`${op} ${target}: ${want}`);
        }
      }
      expect(answers).toEqual(wanted);
    },
    120_000,
  );

  it("another company's admin is refused every centre of the first company", async () => {
    for (const target of ['c1', 'c3', 'hub'] as const) {
      const id = a.centres[target]!;
      const refused = await Promise.all([
        api.reply(
          REPORTING_API.createReportTemplate,
          { name: 'x', centreId: id, html: '<p>x</p>' },
          { session: adminB },
        ),
        api.reply(REPORTING_API.createMacro, { code: `.x${target}`, text: 'x', centreId: id }, { session: adminB }),
        api.reply(REPORTING_API.getReportConfig, { centreId: id }, { session: adminB }),
        api.reply(
          REPORTING_API.createReportConfig,
          { centreId: id, layout: defaultReportLayout() },
          { session: adminB },
        ),
        api.reply(
          REPORTING_API.layoutImageUploadUrl,
          { centreId: id, kind: 'waterMark', contentType: 'image/png', size: 10 },
          { session: adminB },
        ),
        api.reply(REPORTING_API.getCriticalSettings, { centreId: id }, { session: adminB }),
        api.reply(REPORTING_API.saveCriticalSettings, { centreId: id, escalateAfterMinutes: 5 }, { session: adminB }),
      ]);
      expect(refused.map((r) => [r.status, r.body.message])).toEqual([
        [403, M.centreOutOfReach],
        [403, M.centreOutOfReach],
        [404, M.centreOutOfReach],
        [404, M.centreOutOfReach],
        [404, M.centreOutOfReach],
        [404, M.centreOutOfReach],
        [404, M.centreOutOfReach],
      ]);
    }
  });

  it('stored nothing for a centre of another company or none, in either company', async () => {
    const foreign = [b.centres.c1!, NONE, a.centres.c1!];
    for (const [t, ids] of [
      [a, [b.centres.c1!, NONE]],
      [b, foreign],
    ] as const) {
      const rows = await tenantQuery<{ kind: string; n: number }>(
        t.tenantId,
        `SELECT 'template' AS kind, count(*)::int AS n FROM reporting.report_templates WHERE centre_id = ANY($1)
         UNION ALL SELECT 'macro', count(*)::int FROM reporting.report_macros WHERE centre_id = ANY($1)
         UNION ALL SELECT 'layout', count(*)::int FROM reporting.report_layouts WHERE centre_id = ANY($1)
         UNION ALL SELECT 'critical settings', count(*)::int FROM reporting.critical_settings WHERE centre_id = ANY($1)`,
        [ids],
      );
      expect([t.name, rows]).toEqual([
        t.name,
        [
          { kind: 'template', n: 0 },
          { kind: 'macro', n: 0 },
          { kind: 'layout', n: 0 },
          { kind: 'critical settings', n: 0 },
        ],
      ]);
    }
  });
});
