import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { CASE_EVENT_TYPES, CASE_STATUSES, INVOICE_MESSAGES, INVOICE_STATUSES } from '@rayworks/contracts';
import { caseMachine } from '../case/case.machine.js';
import { invoiceMachine } from '../invoice/invoice.machine.js';
import { lifecycleDocs, mermaidOf } from './lifecycle-docs.js';

const DOCS = path.resolve(import.meta.dirname, '../../../../docs/lifecycles');

describe('docs/lifecycles (generated from the machines)', () => {
  const pages = lifecycleDocs();

  it.each(Object.keys(pages))(
    'docs/lifecycles/%s is what the machines generate (run `npm run docs:lifecycles`)',
    (name) => {
      expect(fs.readFileSync(path.join(DOCS, name), 'utf8')).toBe(pages[name]);
    },
  );

  it('holds no page the generator does not write', () => {
    expect(fs.readdirSync(DOCS).sort()).toEqual(Object.keys(pages).sort());
  });

  it('draws every case status and every transition with the event it publishes', () => {
    const diagram = mermaidOf(caseMachine);
    for (const status of CASE_STATUSES)
      expect(diagram).toMatch(
        status.includes(' ') ? `state "${status}" as ${status.replace(/ /g, '_')}` : `${status} -->`,
      );
    expect(diagram).toContain('state "PENDING FOR SCAN" as PENDING_FOR_SCAN');
    expect(diagram).toContain(
      'NEW --> PENDING_FOR_ACCEPTANCE : case.assign [atHome and acceptanceRequired] / CaseAssigned',
    );
    const arrows = diagram.split('\n').filter((l) => l.includes(' --> ') && !l.includes('[*]'));
    // every arrow of the case machine publishes an event, and only the case events
    for (const arrow of arrows) expect(CASE_EVENT_TYPES).toContain(arrow.split(' / ').at(-1));
  });

  it('draws every invoice status and every transition with the message it answers', () => {
    const diagram = mermaidOf(invoiceMachine);
    for (const status of INVOICE_STATUSES)
      expect(diagram).toMatch(
        status.includes(' ') ? `state "${status}" as ${status.replace(/[ -]/g, '_')}` : `${status} -->`,
      );
    expect(diagram).toContain("[*] --> INVOICE_RAISED : start / 'Invoice Raised Successfully'");
    expect(diagram).toContain(
      "AWAITING_PAYMENT_CONFIRMATION --> PAYMENT_RE_REQUESTED : invoice.rejectPayment [reasonGiven] / 'Payment Request Rejected'",
    );
    const messages = Object.values(INVOICE_MESSAGES).filter((m) => typeof m === 'string') as string[];
    const arrows = diagram.split('\n').filter((l) => l.includes(' --> ') && !l.includes('--> [*]'));
    // every arrow of the invoice machine answers one of the invoice messages
    for (const arrow of arrows) expect(messages).toContain(arrow.split(' / ').at(-1)!.slice(1, -1));
    expect(lifecycleDocs()['invoice.md']).toContain('| Client centre | AWAITING PAYMENT CONFIRMATION |');
  });
});
