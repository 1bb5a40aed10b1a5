import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Credentials } from '@rayworks/api-client';
import {
  BODY_LIMIT_MESSAGES,
  bodyLimitOf,
  REPORT_HTML_MAX,
  REPORTING_API,
  SERVICE_PORTS,
  TEMPLATE_LIMITS,
} from '@rayworks/contracts';
import { casesKnowUsers, uploadSignature, type EveryRoleTenant } from '@rayworks/testing';
import { api, arrive, assignToRadiologist, everyRoleTenant, signIn, TestEvents } from '../support/cases.js';

/**
 * Request bodies against the contracts, through the gateway (docs/decisions/0215): a report, an addendum and a
 * template as long as their contract allows are accepted — plain, and encrypted (spec §7) —, and the widest such body
 * (every character one JSON writes in six bytes) reaches validation; one character more is a 400 naming the field;
 * a body past the route's limit (derived from the contract) is a 413 whose JSON message says the limit; and the
 * OpenAPI document of the running service lists 413 on each of these routes.
 */
const html = (chars: number, fill = 'a') => `<p>${fill.repeat(chars - 7)}</p>`;

describe('body limits follow the contracts', () => {
  let t: EveryRoleTenant;
  const events = new TestEvents();
  let admin: Credentials;
  let radiologist: Credentials;
  let caseId: string;
  let baseVersion = 0;

  const save = (reportHTML: string, encrypted = false) =>
    api.reply(REPORTING_API.saveReport, { caseId, reportHTML, baseVersion }, { session: radiologist, encrypted });

  beforeAll(async () => {
    t = await everyRoleTenant('bodies');
    await events.start();
    [admin, radiologist] = await Promise.all([signIn(t, 'admin'), signIn(t, 'radiologist')]);
    const R = t.users[t.login('radiologist')]!;
    await casesKnowUsers(t.tenantId, [R]);
    caseId = await arrive(events, t, 'c1');
    await assignToRadiologist(t, admin, caseId);
    await api.call(REPORTING_API.getReportData, { caseId }, { session: radiologist });
    await api.call(REPORTING_API.lockReport, { caseId }, { session: radiologist });
  }, 180_000);

  afterAll(async () => {
    await events.stop();
  });

  it('saves a report of the longest text the contract allows: plain, and encrypted in two and three bytes a character', async () => {
    for (const [label, text, encrypted] of [
      ['plain', html(REPORT_HTML_MAX), false],
      ['encrypted, two bytes a character', html(REPORT_HTML_MAX, 'é'), true],
      ['encrypted, three bytes a character', html(REPORT_HTML_MAX, '日'), true],
    ] as const) {
      expect(text.length).toBe(REPORT_HTML_MAX);
      const saved = await save(text, encrypted);
      expect([label, saved.status]).toEqual([label, 200]);
      baseVersion += 1;
    }
  }, 120_000);

  it('lets the widest body of the longest text reach validation: 400 naming the field, never 413', async () => {
    // a lone surrogate is written \ud800 in JSON (six bytes), and encrypted the body is a third larger again (8 MB):
    // the limit leaves it to the contract's rules, which refuse the character (400, decision 0075), not its size
    const text = '\ud800'.repeat(REPORT_HTML_MAX);
    for (const encrypted of [false, true]) {
      const refused = await save(text, encrypted);
      expect([encrypted, refused.status, refused.body.message]).toEqual([
        encrypted,
        400,
        expect.stringMatching(/^reportHTML: /),
      ]);
    }
  }, 120_000);

  it('answers one character more with 400 naming the field, not 413', async () => {
    for (const encrypted of [false, true]) {
      const refused = await save(html(REPORT_HTML_MAX + 1), encrypted);
      expect([refused.status, refused.body.message]).toEqual([400, expect.stringMatching(/^reportHTML: /)]);
    }
    const tooLong = await api.reply(
      REPORTING_API.createReportTemplate,
      { name: 'Long', html: html(TEMPLATE_LIMITS.html + 1) },
      { session: admin },
    );
    expect([tooLong.status, tooLong.body.message]).toEqual([400, expect.stringMatching(/^html: /)]);
  });

  it('answers a body past the route limit with 413 and a JSON message that says the limit', async () => {
    for (const endpoint of [REPORTING_API.saveReport, REPORTING_API.createReportTemplate]) {
      const limit = bodyLimitOf(endpoint);
      const body = JSON.stringify({ caseId, reportHTML: 'a'.repeat(limit), baseVersion });
      const answer = await api.raw('reporting', 'POST', endpoint.path, undefined, {
        session: radiologist,
        rawBody: body,
      });
      expect([endpoint.path, answer.status, answer.body]).toEqual([
        endpoint.path,
        413,
        { status: 'error', data: null, message: BODY_LIMIT_MESSAGES.tooLarge(limit) },
      ]);
    }
    // the report is as the last save left it
    const report = await api.call(REPORTING_API.getReportData, { caseId }, { session: radiologist });
    expect(report.version).toBe(baseVersion);
  });

  it('takes a template as long as its contract allows, created and updated', async () => {
    const created = await api.reply(
      REPORTING_API.createReportTemplate,
      { name: 'Longest', html: html(TEMPLATE_LIMITS.html) },
      { session: admin },
    );
    expect(created.status).toBe(200);
    const updated = await api.reply(
      REPORTING_API.updateReportTemplate,
      { id: created.body.data!.id, name: 'Longest', html: html(TEMPLATE_LIMITS.html, 'b') },
      { session: admin, encrypted: true },
    );
    expect(updated.status).toBe(200);
  });

  it('takes an addendum as long as its contract allows', async () => {
    await save('<p>Final text.</p>');
    baseVersion += 1;
    await uploadSignature(api, radiologist);
    expect((await api.call(REPORTING_API.finalizeReport, { caseId }, { session: radiologist })).status).toBe('FINAL');
    const addendum = await api.reply(
      REPORTING_API.saveAddendum,
      { caseId, html: html(REPORT_HTML_MAX) },
      { session: radiologist, encrypted: true },
    );
    expect(addendum.status).toBe(200);
    const refused = await api.reply(
      REPORTING_API.saveAddendum,
      { caseId, html: html(REPORT_HTML_MAX + 1) },
      { session: radiologist },
    );
    expect([refused.status, refused.body.message]).toEqual([400, expect.stringMatching(/^html: /)]);
  }, 60_000);

  it("lists 413 in the running service's OpenAPI document for these routes", async () => {
    const document = (await (await fetch(`http://127.0.0.1:${SERVICE_PORTS.reporting}/docs-json`)).json()) as {
      paths: Record<string, { post?: { responses: Record<string, unknown> } }>;
    };
    for (const endpoint of [
      REPORTING_API.saveReport,
      REPORTING_API.saveAddendum,
      REPORTING_API.createReportTemplate,
      REPORTING_API.updateReportTemplate,
    ])
      expect([endpoint.path, Object.keys(document.paths[endpoint.path]!.post!.responses)]).toEqual([
        endpoint.path,
        expect.arrayContaining(['200', '400', '413']),
      ]);
  });
});
