import { describe, expect, it } from '@jest/globals';
import {
  ALL_ROLE_CODES,
  DEFAULT_ROLE_PRIVILEGES,
  INVOICE_ACTION_PRIVILEGES,
  INVOICE_ACTIONS,
  INVOICE_SIDES,
  INVOICE_STATUSES,
  INVOICE_VIEW_ACTIONS,
  ROLE_CODES,
  type InvoiceSide,
  type InvoiceStatus,
  type RoleCode,
} from '@rayworks/contracts';
import {
  INVOICE_ACTION_TABLE,
  INVOICE_SIDE_ROLES,
  INVOICE_TABLE_RULES,
  NOT_RAISED,
  invoiceTableActions,
  sideEverMay,
  type InvoiceStanding,
} from './invoice-action-table.js';
import { allowedInvoiceActions, authorizeInvoiceAction, invoiceMachineEventOf } from './invoice-actions.js';
import { invoiceMachine, invoiceSnapshotOf, type InvoiceFacts } from './invoice.machine.js';

const R = ROLE_CODES;
const STANDINGS: readonly InvoiceStanding[] = [NOT_RAISED, ...INVOICE_STATUSES];

/** The facts of an invoice in this status (on hold: held by `holder`, from PARTIALLY PAID). */
function factsFor(status: InvoiceStatus, holder: InvoiceSide): InvoiceFacts {
  const paidMinor = status === 'COMPLETED' ? 100_000 : status === 'PARTIALLY PAID' ? 30_000 : 0;
  return {
    status,
    totalMinor: 100_000,
    paidMinor: status === 'INVOICE ON HOLD' ? 30_000 : paidMinor,
    requestedMinor: status === 'AWAITING PAYMENT CONFIRMATION' ? 50_000 : null,
    heldFrom: status === 'INVOICE ON HOLD' ? 'PARTIALLY PAID' : null,
    heldBy: status === 'INVOICE ON HOLD' ? holder : null,
    holdReason: status === 'INVOICE ON HOLD' ? 'disputed' : null,
  };
}

/** Every side × standing × who holds × role: rows of the table and the empty cells between them. */
const CASES = INVOICE_SIDES.flatMap((side) =>
  STANDINGS.flatMap((status) =>
    (status === 'INVOICE ON HOLD' ? INVOICE_SIDES : [side]).flatMap((holder) =>
      ALL_ROLE_CODES.map((role) => [side, status ?? '(not raised)', holder, role, status] as const),
    ),
  ),
);

describe('invoice action table: every side × status × role (generated from the table)', () => {
  it.each(CASES)('%s · %s · held by %s · %s', (side, _, holder, role, status) => {
    const facts = status === null ? null : factsFor(status, holder);
    const row = invoiceTableActions(side, status);
    const actsForSide = INVOICE_SIDE_ROLES[side].includes(role);
    const heldByOther = status === 'INVOICE ON HOLD' && holder !== side;
    const expected = actsForSide
      ? INVOICE_ACTIONS.filter((a) => row.includes(a) && !(a === 'RESUME' && heldByOther))
      : [];
    const actor = { side, roleCodes: [role] };
    expect(allowedInvoiceActions(actor, facts)).toEqual(expected);
    for (const action of INVOICE_ACTIONS.filter((a) => !expected.includes(a))) {
      const answer = authorizeInvoiceAction(actor, facts, action);
      const why = !actsForSide
        ? { code: 403, reason: 'NOT_A_ROLE_OF_THE_SIDE' }
        : !sideEverMay(side, action)
          ? { code: 403, reason: 'NOT_THE_SIDES_ACTION' }
          : status === null
            ? { code: 409, reason: 'NOT_RAISED' }
            : action === 'RAISE'
              ? { code: 409, reason: 'ALREADY_RAISED' }
              : action === 'RESUME' && row.includes(action)
                ? { code: 409, reason: 'NOT_THE_HOLDER' }
                : { code: 409, reason: 'NOT_IN_THIS_STATUS' };
      expect({ action, answer }).toMatchObject({ action, answer: { ok: false, ...why } });
    }
  });
});

describe('the invoice table as data', () => {
  it('expands every rule into rows, one row per side and status', () => {
    for (const rule of INVOICE_TABLE_RULES)
      for (const status of rule.statuses)
        expect(invoiceTableActions(rule.side, status)).toEqual(
          expect.arrayContaining([...rule.spec, ...rule.designed]),
        );
    const keys = INVOICE_ACTION_TABLE.map((r) => `${r.side}|${r.status}`);
    expect(new Set(keys).size).toBe(keys.length);
    // every side has a row in every status (chat, comment and report download at least)
    for (const side of INVOICE_SIDES)
      for (const status of INVOICE_STATUSES)
        expect(invoiceTableActions(side, status)).toEqual(expect.arrayContaining([...INVOICE_VIEW_ACTIONS]));
  });

  it("holds spec §6's invoice actions: take action, chat, report download, confirm or reject payment, comment", () => {
    const spec = (side: InvoiceSide) =>
      [...new Set(INVOICE_TABLE_RULES.filter((r) => r.side === side).flatMap((r) => r.spec))].sort();
    expect(spec('FUSION_HUB')).toEqual(['CHAT', 'COMMENT', 'CONFIRM_PAYMENT', 'REJECT_PAYMENT', 'REPORT_DOWNLOAD']);
    expect(spec('CLIENT_CENTRE')).toEqual(['CHAT', 'COMMENT', 'REPORT_DOWNLOAD', 'TAKE_ACTION']);
    // confirm or reject only what waits for confirmation; the client takes action only where a balance is due
    expect(INVOICE_ACTION_TABLE.filter((r) => r.actions.includes('CONFIRM_PAYMENT')).map((r) => r.status)).toEqual([
      'AWAITING PAYMENT CONFIRMATION',
    ]);
    expect(INVOICE_ACTION_TABLE.filter((r) => r.actions.includes('TAKE_ACTION')).map((r) => r.status)).toEqual([
      'INVOICE RAISED',
      'PAYMENT RE-REQUESTED',
      'PARTIALLY PAID',
    ]);
    expect(INVOICE_ACTION_TABLE.filter((r) => r.actions.includes('RAISE'))).toEqual([
      { side: 'FUSION_HUB', status: NOT_RAISED, actions: ['RAISE'] },
    ]);
  });
});

describe('hold and resume (docs/decisions/0245-invoice-hold.md)', () => {
  const where = (action: string) =>
    INVOICE_ACTION_TABLE.filter((r) => r.actions.includes(action as never)).map((r) => `${r.side} · ${r.status}`);

  it('lets either side hold an invoice with a balance due and no payment request waiting', () => {
    expect(where('HOLD')).toEqual(
      INVOICE_SIDES.flatMap((side) =>
        ['INVOICE RAISED', 'PAYMENT RE-REQUESTED', 'PARTIALLY PAID'].map((status) => `${side} · ${status}`),
      ),
    );
  });

  it('lets either side resume, in INVOICE ON HOLD only (the machine lets only the holder)', () => {
    expect(where('RESUME')).toEqual(['FUSION_HUB · INVOICE ON HOLD', 'CLIENT_CENTRE · INVOICE ON HOLD']);
  });

  it('moves nothing on hold: no payment, confirmation or rejection until it is resumed', () => {
    for (const side of INVOICE_SIDES)
      expect([...invoiceTableActions(side, 'INVOICE ON HOLD')].sort()).toEqual(
        ['CHAT', 'COMMENT', 'REPORT_DOWNLOAD', 'RESUME'].sort(),
      );
  });
});

describe('the invoice machine and the table agree', () => {
  it('lets the machine take every moving action of a row from that status, for that side', () => {
    for (const row of INVOICE_ACTION_TABLE)
      for (const action of row.actions.filter((a) => !INVOICE_VIEW_ACTIONS.includes(a))) {
        if (row.status === NOT_RAISED) {
          expect(action).toBe('RAISE');
          continue;
        }
        const type = invoiceMachineEventOf(action)!;
        const facts = factsFor(row.status, row.side);
        const probe = { type, side: row.side, amountMinor: action === 'TAKE_ACTION' ? 1 : null, reason: 'r' };
        expect({ row: `${row.side} ${row.status}`, action, can: invoiceSnapshotOf(facts).can(probe) }).toEqual({
          row: `${row.side} ${row.status}`,
          action,
          can: true,
        });
      }
  });

  it('puts every transition of the machine in some row of its status', () => {
    for (const status of INVOICE_STATUSES)
      for (const type of Object.keys(invoiceMachine.states[status]!.on)) {
        const sides = INVOICE_SIDES.filter((side) =>
          invoiceTableActions(side, status).some((a) => invoiceMachineEventOf(a) === type),
        );
        expect({ status, type, sides: sides.length > 0 }).toEqual({ status, type, sides: true });
      }
  });

  it('moves by RAISE nothing but the start, and by a view action nothing at all', () => {
    expect(invoiceMachineEventOf('RAISE')).toBeUndefined();
    for (const action of INVOICE_VIEW_ACTIONS) expect(invoiceMachineEventOf(action)).toBeUndefined();
  });
});

describe('who acts for which side', () => {
  const raised = factsFor('INVOICE RAISED', 'FUSION_HUB');

  it('gives each role of a side by default the privileges of its actions (the known gaps named)', () => {
    // Only the fusion group admin raises, confirms, rejects and holds for the hub: its group-centre and centre
    // admins follow, chat and comment (their admins may grant more). The client's admins hold every client action.
    const gaps: string[] = [];
    for (const row of INVOICE_ACTION_TABLE)
      for (const role of INVOICE_SIDE_ROLES[row.side])
        for (const action of row.actions)
          if (!(DEFAULT_ROLE_PRIVILEGES[role].INVOICE ?? []).includes(INVOICE_ACTION_PRIVILEGES[action]))
            gaps.push(`${role} ${action}`);
    expect([...new Set(gaps)].sort()).toEqual(
      [R.FUSION_GROUP_CENTER, R.FUSION_CENTER]
        .flatMap((role) => ['RAISE', 'HOLD', 'CONFIRM_PAYMENT', 'REJECT_PAYMENT', 'RESUME'].map((a) => `${role} ${a}`))
        .sort(),
    );
  });

  it('refuses without the privilege (403), whatever the table says', () => {
    const client = { side: 'CLIENT_CENTRE' as const, roleCodes: [R.CENTER_ADMIN], privileges: ['view', 'CHAT'] };
    expect(allowedInvoiceActions(client, raised)).toEqual(['REPORT_DOWNLOAD', 'CHAT']);
    expect(authorizeInvoiceAction(client, raised, 'TAKE_ACTION')).toEqual({
      ok: false,
      code: 403,
      reason: 'NO_PRIVILEGE',
      message: 'You do not have permission to do this.',
    });
    const hubCentre = {
      side: 'FUSION_HUB' as const,
      roleCodes: [R.FUSION_CENTER],
      privileges: DEFAULT_ROLE_PRIVILEGES[R.FUSION_CENTER].INVOICE,
    };
    const waiting = factsFor('AWAITING PAYMENT CONFIRMATION', 'FUSION_HUB');
    expect(allowedInvoiceActions(hubCentre, waiting)).toEqual(['REPORT_DOWNLOAD', 'CHAT', 'COMMENT']);
    const hubAdmin = {
      ...hubCentre,
      roleCodes: ['FGA'],
      privileges: DEFAULT_ROLE_PRIVILEGES[R.FUSION_GROUP_ADMIN].INVOICE,
    };
    expect(allowedInvoiceActions(hubAdmin, waiting)).toEqual([
      'CONFIRM_PAYMENT',
      'REJECT_PAYMENT',
      'REPORT_DOWNLOAD',
      'CHAT',
      'COMMENT',
    ]);
  });

  it("refuses a side the other side's actions, naming why", () => {
    expect(authorizeInvoiceAction({ side: 'CLIENT_CENTRE', roleCodes: ['CA'] }, raised, 'RAISE')).toEqual({
      ok: false,
      code: 403,
      reason: 'NOT_THE_SIDES_ACTION',
      message: 'Raise Invoice is not an action of your side of the invoice',
    });
    expect(authorizeInvoiceAction({ side: 'FUSION_HUB', roleCodes: ['FGA'] }, raised, 'TAKE_ACTION')).toMatchObject({
      code: 403,
      reason: 'NOT_THE_SIDES_ACTION',
    });
    // a client centre's admin claiming to act for the hub
    expect(authorizeInvoiceAction({ side: 'FUSION_HUB', roleCodes: ['CA'] }, raised, 'HOLD')).toMatchObject({
      code: 403,
      reason: 'NOT_A_ROLE_OF_THE_SIDE',
    });
  });

  it('refuses an action of the side in the wrong status (409, with the clear message)', () => {
    const done = factsFor('COMPLETED', 'FUSION_HUB');
    expect(authorizeInvoiceAction({ side: 'CLIENT_CENTRE', roleCodes: ['GA'] }, done, 'TAKE_ACTION')).toEqual({
      ok: false,
      code: 409,
      reason: 'NOT_IN_THIS_STATUS',
      message: 'Take Action is not allowed on an invoice in COMPLETED',
    });
  });

  it('lets only the holder resume; the other side sees no resume and is told why', () => {
    const held = factsFor('INVOICE ON HOLD', 'CLIENT_CENTRE');
    expect(allowedInvoiceActions({ side: 'CLIENT_CENTRE', roleCodes: ['GCA'] }, held)).toContain('RESUME');
    expect(allowedInvoiceActions({ side: 'FUSION_HUB', roleCodes: ['FGA'] }, held)).not.toContain('RESUME');
    expect(authorizeInvoiceAction({ side: 'FUSION_HUB', roleCodes: ['FGA'] }, held, 'RESUME')).toEqual({
      ok: false,
      code: 409,
      reason: 'NOT_THE_HOLDER',
      message: 'Only the side that put the invoice on hold can resume it',
    });
  });

  it('lets a company administrator act for whichever side their company is', () => {
    for (const role of [R.ADMIN, R.SUPER_ADMIN] as RoleCode[]) {
      expect(allowedInvoiceActions({ side: 'FUSION_HUB', roleCodes: [role] }, null)).toEqual(['RAISE']);
      expect(allowedInvoiceActions({ side: 'CLIENT_CENTRE', roleCodes: [role] }, raised)).toContain('TAKE_ACTION');
    }
  });

  it('ignores role codes it does not know, and accepts short forms', () => {
    expect(allowedInvoiceActions({ side: 'CLIENT_CENTRE', roleCodes: ['NOBODY'] }, raised)).toEqual([]);
    expect(allowedInvoiceActions({ side: 'CLIENT_CENTRE', roleCodes: ['CA'] }, raised)).toEqual(
      allowedInvoiceActions({ side: 'CLIENT_CENTRE', roleCodes: [R.CENTER_ADMIN] }, raised),
    );
  });
});
