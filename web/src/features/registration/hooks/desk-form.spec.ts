import { describe, expect, it } from '@jest/globals';
import {
  BILLING_MESSAGES,
  LEDGER_REFUSALS,
  REGISTRATION_ENDPOINTS,
  REGISTRATION_MESSAGES,
  type Quote,
} from '@rayworks/contracts';
import { INVALID_INPUTS_MESSAGE } from '@rayworks/validation';
import {
  DISCOUNT_ABOVE_PRICE,
  deskProblems,
  deskTotals,
  discountsNeedingApproval,
  emptyDesk,
  hasProblems,
  parseDiscount,
  priceKindNotice,
  quoteItems,
  registrationBody,
  rupeesExact,
  totalAsText,
  type DeskItem,
  type DeskState,
} from './desk-form';

const ID = '0190a6b0-7c1e-7000-8000-000000000001';
const line = (
  code: string,
  kind: 'TEST' | 'PACKAGE',
  unitMinor: number,
  priceKind: Quote['priceKind'] = 'holiday',
) => ({
  code,
  name: code,
  kind,
  priceKind,
  unitMinor,
  rateCardId: ID,
  rateCardPriceId: ID,
  processingFeeMinor: 0,
  tax: { kind: 'exempt' as const },
  tests: [],
});
const labTest = (code: string): Quote['lines'][number]['tests'][number] => ({
  code,
  name: code,
  kind: 'LAB',
  modality: null,
  bodyPart: null,
  sampleType: null,
});
const quote: Quote = {
  priceKind: 'holiday',
  timeZone: 'Asia/Kolkata',
  lines: [line('CT-HEAD', 'TEST', 300000), line('LIPID', 'PACKAGE', 120050)],
};
const items = (discounts: [string, string] = ['', '']): DeskItem[] => [
  { kind: 'TEST', code: 'CT-HEAD', name: 'CT Head', discount: discounts[0] },
  { kind: 'PACKAGE', code: 'LIPID', name: 'Lipid Panel', discount: discounts[1] },
];
const desk = (over: Partial<DeskState> = {}): DeskState => ({ ...emptyDesk(), items: items(), ...over });
const totalsOf = (state: DeskState) => deskTotals(quote, state.items);

describe('the registration desk', () => {
  it('reads a discount as a percentage or rupees, never through a float', () => {
    expect(parseDiscount('')).toBeNull();
    expect(parseDiscount(' 12.5% ')).toEqual({ kind: 'basisPoints', basisPoints: 1250 });
    expect(parseDiscount('150.50')).toEqual({ kind: 'amount', amountMinor: 15050 });
    for (const bad of ['abc', '101%', '-5%', '1e3', '-5', '0.001']) expect(parseDiscount(bad)).toBe('invalid');
  });

  it('totals the visit at the quoted (holiday) prices with the desk’s discounts, rounded once at the total', () => {
    const totals = totalsOf(desk({ items: items(['10%', '0.50']) }));
    expect(totals).toMatchObject({ grossMinor: 420050, discountExact: '300.50', totalMinor: 390000 });
    expect(quoteItems(items())).toEqual([{ testCode: 'CT-HEAD' }, { packageCode: 'LIPID' }]);
    expect(priceKindNotice('holiday')).toBe('Holiday Price: today is a holiday at this centre');
    expect(priceKindNotice('night')).toBe("Night Price: the centre's night window is on");
    expect(priceKindNotice('normal')).toBeNull();
  });

  it('says what stops a registration in the server’s words', () => {
    expect(deskProblems(emptyDesk(), null)).toEqual({ form: REGISTRATION_MESSAGES.noItems, discounts: {} });
    const bad = desk({ items: items(['x', '5000']) });
    expect(deskProblems(bad, totalsOf(bad)).discounts).toEqual({
      'CT-HEAD': INVALID_INPUTS_MESSAGE,
      LIPID: DISCOUNT_ABOVE_PRICE,
    });
    const tooMuch = desk({ payment: { amount: '4200.51', mode: 'CASH', reference: '' } });
    expect(deskProblems(tooMuch, totalsOf(tooMuch)).amount).toBe(LEDGER_REFUSALS.beyondBalance);
    const cheque = desk({ payment: { amount: '1000', mode: 'CHEQUE', reference: ' ' } });
    expect(deskProblems(cheque, totalsOf(cheque))).toEqual({
      discounts: {},
      reference: BILLING_MESSAGES.referenceRequired('CHEQUE'),
    });
    const zero = desk({ payment: { amount: '0', mode: 'CASH', reference: '' } });
    expect(deskProblems(zero, totalsOf(zero)).amount).toBe(INVALID_INPUTS_MESSAGE);
    const fine = desk({ payment: { amount: '2000', mode: 'UPI', reference: '' } });
    expect(hasProblems(deskProblems(fine, totalsOf(fine), quote))).toBe(false);
  });

  it('refuses a test two chosen items order (on its own and in a package), as soon as the quote shows it', () => {
    const both: Quote = {
      ...quote,
      lines: [
        { ...line('BASIC-HC', 'PACKAGE', 210000), tests: [labTest('CBC'), labTest('LFT')] },
        { ...line('CBC', 'TEST', 42000), tests: [labTest('CBC')] },
      ],
    };
    const problems = deskProblems(desk(), null, both);
    expect(problems.repeated).toBe('CBC is ordered twice (by BASIC-HC and CBC): order it once');
    expect(hasProblems(problems)).toBe(true);
  });

  it('flags discounts above the desk’s limit; an approver has none', () => {
    const state = desk({ items: items(['10%', '100']) });
    expect(discountsNeedingApproval(quote, state.items, 1000)).toEqual([]);
    expect(discountsNeedingApproval(quote, state.items, 500)).toEqual(['CT-HEAD', 'LIPID']);
    expect(discountsNeedingApproval(quote, state.items, null)).toEqual([]);
  });

  it('sends the contract’s body: discounts read, a partial payment in paise, none when no amount is typed', () => {
    const ids = { centreId: ID, patientId: ID, requestKey: 'desk-0190a6b0' };
    const body = registrationBody(
      desk({ items: items(['10%', '']), payment: { amount: '1500.25', mode: 'CARD', reference: ' ' } }),
      ids,
    );
    expect(body).toEqual({
      ...ids,
      referralId: null,
      providerKind: 'Internal',
      items: [
        { testCode: 'CT-HEAD', discount: { kind: 'basisPoints', basisPoints: 1000 } },
        { packageCode: 'LIPID', discount: null },
      ],
      payment: { amountMinor: 150025, mode: 'CARD', reference: null },
    });
    expect(REGISTRATION_ENDPOINTS.createRegistration.body.safeParse(body).success).toBe(true);
    expect(registrationBody(desk(), ids).payment).toBeNull();
  });

  it('shows exact amounts and fills the full amount as text', () => {
    expect(rupeesExact('30000.50')).toBe('₹30,000.50');
    expect(rupeesExact('10.005')).toBe('₹10.005');
    const totals = totalsOf(desk());
    if ('error' in totals!) throw new Error('no totals');
    expect(totalAsText(totals)).toBe('4200.50');
  });
});
