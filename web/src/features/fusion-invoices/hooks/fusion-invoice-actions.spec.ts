import { describe, expect, it } from '@jest/globals';
import {
  DEFAULT_ROLE_PRIVILEGES,
  FUSION_INVOICE_MESSAGES,
  INVOICE_MESSAGES,
  ROLE_CODES,
  toPermissionConfig,
  type FusionInvoice,
  type RoleCode,
} from '@rayworks/contracts';
import { allowedInvoiceActions } from '@rayworks/lifecycles';
import {
  actionProblem,
  actionRequest,
  barActions,
  CARRIED_OUT_ACTIONS,
  factsOfInvoice,
  invoicePrivilegesOf,
  type ActionValues,
  type BarAction,
  type InvoiceUser,
} from './fusion-invoice-actions';

const user = (role: RoleCode): InvoiceUser => ({
  roleCodes: [role],
  privileges: invoicePrivilegesOf(toPermissionConfig(DEFAULT_ROLE_PRIVILEGES[role])),
});
const hub = user(ROLE_CODES.FUSION_GROUP_ADMIN);
const hubStaff = user(ROLE_CODES.FUSION_CENTER);
const client = user(ROLE_CODES.CENTER_ADMIN);
const companyAdmin = user(ROLE_CODES.ADMIN);

const invoice = (over: Partial<FusionInvoice> = {}): FusionInvoice => ({
  _id: '00000000-0000-4000-8000-000000000001',
  version: 4,
  month: '2026-10',
  status: 'INVOICE RAISED',
  fusionTenantId: '00000000-0000-4000-8000-0000000000a1',
  fusionCentreId: '00000000-0000-4000-8000-0000000000a2',
  fusionCentreName: 'Nova Reading Hub',
  clientTenantId: '00000000-0000-4000-8000-0000000000b1',
  clientCentreId: '00000000-0000-4000-8000-0000000000b2',
  clientCentreName: 'Apex Andheri',
  currency: 'INR',
  lineCount: 3,
  unpricedLineCount: 0,
  linesTotalMinor: 150_000,
  totalMinor: 150_000,
  paidMinor: 0,
  balanceMinor: 150_000,
  requestedMinor: null,
  heldFrom: null,
  heldBy: null,
  holdReason: null,
  rejectReason: null,
  raisedAt: '2026-11-01T04:30:00.000Z',
  completedAt: null,
  sides: ['CLIENT_CENTRE'],
  createdAt: '2026-10-03T04:30:00.000Z',
  updatedAt: '2026-11-01T04:30:00.000Z',
  ...over,
});
const actions = (u: InvoiceUser, inv: FusionInvoice) => barActions(u, inv).map((a) => a.action);
const none: ActionValues = { amount: '', text: '' };

describe('the fusion invoice’s action bar: the invoice machine and its action table, for this user', () => {
  it('reads the user’s INVOICE privileges from the permission configuration', () => {
    expect(hub.privileges).toEqual(expect.arrayContaining(['CREATE', 'CONFIRM_PAYMENT', 'REJECT_PAYMENT']));
    expect(client.privileges).toEqual(expect.arrayContaining(['PAY', 'HOLD', 'COMMENT']));
    expect(invoicePrivilegesOf(null)).toEqual([]);
  });

  it('offers the hub Raise on a month still gathering its reads, and the client nothing there', () => {
    const draft = invoice({
      status: null,
      totalMinor: null,
      balanceMinor: null,
      raisedAt: null,
      sides: ['FUSION_HUB'],
    });
    expect(factsOfInvoice(draft)).toBeNull();
    expect(actions(hub, draft)).toEqual(['RAISE']);
    expect(actions(hubStaff, draft)).toEqual([]);
  });

  it('lets the client take action (pay), hold or comment on a raised invoice; the hub hold or comment', () => {
    expect(actions(client, invoice())).toEqual(['TAKE_ACTION', 'HOLD', 'COMMENT']);
    expect(actions(hub, invoice({ sides: ['FUSION_HUB'] }))).toEqual(['HOLD', 'COMMENT']);
    // the hub's centre staff may only comment (INVOICE VIEW, COMMENT, CHAT)
    expect(actions(hubStaff, invoice({ sides: ['FUSION_HUB'] }))).toEqual(['COMMENT']);
  });

  it('lets the hub confirm or reject a payment request, and the client only wait', () => {
    const awaiting = invoice({ status: 'AWAITING PAYMENT CONFIRMATION', requestedMinor: 50_000 });
    expect(actions(hub, { ...awaiting, sides: ['FUSION_HUB'] })).toEqual([
      'CONFIRM_PAYMENT',
      'REJECT_PAYMENT',
      'COMMENT',
    ]);
    expect(actions(client, awaiting)).toEqual(['COMMENT']);
  });

  it('lets only the side that held the invoice resume it', () => {
    const held = invoice({
      status: 'INVOICE ON HOLD',
      heldFrom: 'INVOICE RAISED',
      heldBy: 'CLIENT_CENTRE',
      holdReason: 'Disputed reads',
    });
    expect(actions(client, held)).toEqual(['RESUME', 'COMMENT']);
    expect(actions(hub, { ...held, sides: ['FUSION_HUB'] })).toEqual(['COMMENT']);
  });

  it('gives a user on both sides each side’s actions, acting for the side that takes them', () => {
    const both = invoice({ sides: ['FUSION_HUB', 'CLIENT_CENTRE'] });
    expect(barActions(companyAdmin, both)).toEqual([
      { action: 'TAKE_ACTION', side: 'CLIENT_CENTRE', label: 'Take Action' },
      { action: 'HOLD', side: 'FUSION_HUB', label: 'Hold' },
      { action: 'COMMENT', side: 'FUSION_HUB', label: 'Comment' },
    ]);
  });

  it('shows nothing the server would refuse: every button is allowedInvoiceActions’ own', () => {
    for (const status of [null, 'INVOICE RAISED', 'AWAITING PAYMENT CONFIRMATION', 'COMPLETED'] as const)
      for (const u of [hub, hubStaff, client, companyAdmin])
        for (const side of ['FUSION_HUB', 'CLIENT_CENTRE'] as const) {
          const inv = invoice({
            status,
            sides: [side],
            requestedMinor: status === 'AWAITING PAYMENT CONFIRMATION' ? 1 : null,
          });
          const allowed = allowedInvoiceActions({ side, ...u }, factsOfInvoice(inv));
          expect(actions(u, inv)).toEqual(allowed.filter((a) => CARRIED_OUT_ACTIONS.includes(a)));
        }
  });
});

describe('what an action’s dialog may send', () => {
  const pay: BarAction = { action: 'TAKE_ACTION', side: 'CLIENT_CENTRE', label: 'Take Action' };
  const confirm: BarAction = { action: 'CONFIRM_PAYMENT', side: 'FUSION_HUB', label: 'Confirm Payment' };
  const reject: BarAction = { action: 'REJECT_PAYMENT', side: 'FUSION_HUB', label: 'Reject Payment' };
  const comment: BarAction = { action: 'COMMENT', side: 'CLIENT_CENTRE', label: 'Comment' };
  const awaiting = invoice({ status: 'AWAITING PAYMENT CONFIRMATION', requestedMinor: 50_000, sides: ['FUSION_HUB'] });
  const problem = (bar: BarAction, inv: FusionInvoice, values: Partial<ActionValues>) =>
    actionProblem(bar, inv, { ...none, ...values }, FUSION_INVOICE_MESSAGES.commentRequired);

  it('asks the client for an amount within the balance, in the machine’s words', () => {
    expect(problem(pay, invoice(), {})).toBe('Please enter the amount');
    expect(problem(pay, invoice(), { amount: 'ten' })).toBe('Please give valid inputs');
    expect(problem(pay, invoice(), { amount: '0' })).toBe(INVOICE_MESSAGES.amountNotPositive);
    expect(problem(pay, invoice(), { amount: '1500.01' })).toBe(INVOICE_MESSAGES.amountBeyondBalance);
    expect(problem(pay, invoice(), { amount: '500' })).toBeNull();
  });

  it('lets the hub confirm the whole request or less, and reject only with a reason', () => {
    expect(problem(confirm, awaiting, {})).toBeNull();
    expect(problem(confirm, awaiting, { amount: '400' })).toBeNull();
    expect(problem(confirm, awaiting, { amount: '500.01' })).toBe(INVOICE_MESSAGES.amountBeyondRequest);
    expect(problem(reject, awaiting, { text: '  ' })).toBe(INVOICE_MESSAGES.reasonRequired);
    expect(problem(reject, awaiting, { text: 'Not received' })).toBeNull();
  });

  it('needs a comment’s text', () => {
    expect(problem(comment, invoice(), {})).toBe(FUSION_INVOICE_MESSAGES.commentRequired);
    expect(problem(comment, invoice(), { text: 'Paid by NEFT' })).toBeNull();
  });

  it('sends each action to its route with the version read, amounts in minor units', () => {
    expect(actionRequest(pay, invoice(), { amount: '500.50', text: '' })).toEqual({
      route: 'payFusionInvoice',
      body: { id: invoice()._id, version: 4, amountMinor: 50_050 },
    });
    expect(actionRequest(confirm, awaiting, none)).toEqual({
      route: 'confirmFusionInvoicePayment',
      body: { id: invoice()._id, version: 4 },
    });
    expect(actionRequest(reject, awaiting, { amount: '', text: ' Not received ' }).body).toEqual({
      id: invoice()._id,
      version: 4,
      reason: 'Not received',
    });
    // a user on both sides names the side it acts for
    const both = invoice({ sides: ['FUSION_HUB', 'CLIENT_CENTRE'] });
    expect(
      actionRequest({ action: 'HOLD', side: 'CLIENT_CENTRE', label: 'Hold' }, both, { amount: '', text: 'Disputed' })
        .body,
    ).toEqual({ id: both._id, version: 4, reason: 'Disputed', side: 'CLIENT_CENTRE' });
    expect(actionRequest(comment, invoice(), { amount: '', text: 'Paid' })).toEqual({
      route: 'commentFusionInvoice',
      body: { id: invoice()._id, text: 'Paid' },
    });
  });
});
