import { describe, expect, it } from '@jest/globals';
import {
  ALL_ROLE_CODES,
  buildMenu,
  DEFAULT_ROLE_PRIVILEGES,
  ROLE_CODES,
  toPermissionConfig,
  type RoleCode,
} from '@rayworks/contracts';
import { INVOICE_SIDE_ROLES } from '@rayworks/lifecycles';

/** The Finance header's sub-items a role sees with its default privileges (decision 0285). */
const financeOf = (role: RoleCode): string[] => {
  const menu = buildMenu(toPermissionConfig(DEFAULT_ROLE_PRIVILEGES[role]), undefined, [role]);
  const finance = [...menu.items, ...menu.more].find((item) => item.id === 'finance');
  return finance?.subItems.map((s) => s.id) ?? [];
};

describe('the Finance menu', () => {
  it('keeps spec §2’s Rate Cards first, then the desk’s money and fusion invoicing', () => {
    expect(financeOf(ROLE_CODES.ADMIN)).toEqual([
      'rate-cards',
      'invoices',
      'day-end',
      'outstanding',
      'commission',
      'fusion-invoices',
      'fusion-rates',
    ]);
  });

  it('gives the desk its invoices and the day’s close, without the centre’s figures', () => {
    expect(financeOf(ROLE_CODES.RECEPTIONIST)).toEqual(['invoices', 'day-end']);
  });

  it('shows fusion invoices to the roles of either side of one, and fusion rates to the hub’s only', () => {
    const sides = new Set([...INVOICE_SIDE_ROLES.FUSION_HUB, ...INVOICE_SIDE_ROLES.CLIENT_CENTRE]);
    for (const role of ALL_ROLE_CODES) {
      const items = financeOf(role);
      const viewsInvoices = (DEFAULT_ROLE_PRIVILEGES[role].INVOICE ?? []).includes('VIEW');
      expect([role, items.includes('fusion-invoices')]).toEqual([role, viewsInvoices && sides.has(role)]);
      expect([role, items.includes('fusion-rates')]).toEqual([
        role,
        viewsInvoices && INVOICE_SIDE_ROLES.FUSION_HUB.includes(role),
      ]);
    }
  });
});
