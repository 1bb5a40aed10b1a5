import { GENERIC, ONLINE_PAYMENT_TAKER } from '@rayworks/contracts';
import type { RequestAccess, TenantScope } from '@rayworks/nest-kit';

/** The system actor of online payment in events and audit entries (docs/decisions/0284). */
export const ONLINE_PAYMENT_ACTOR = { type: 'system', id: 'billing.online-payment' } as const;

/**
 * The unit of work of a request without a user (the public /payment page, a provider's webhook) in the company its
 * token or signed event names: that company's row-level security, the system actor, the online payment as the audit
 * entries' user (docs/decisions/0284). Nothing else opens another company: a token or event of company B finds only
 * B's rows.
 */
export const onlinePaymentScope = (tenantId: string): TenantScope => ({
  tenantId,
  actor: ONLINE_PAYMENT_ACTOR,
  user: { ...ONLINE_PAYMENT_TAKER },
});

/**
 * The caller PaymentsService.take sees when a provider's payment is recorded: the online payment, reaching only the
 * link's centre (as the kit's study-token access is built for its one purpose), so the ledger's own reach, lock and
 * rules apply unchanged and the entry names the online payment as who took it.
 */
export function onlinePaymentAccess(tenantId: string, centreId: string): RequestAccess {
  return {
    principal: {
      userId: ONLINE_PAYMENT_TAKER.userId,
      tenantId,
      loginName: ONLINE_PAYMENT_TAKER.loginName,
      roleCodes: [],
      groupId: null,
      centreIds: [centreId],
      grants: { BILLING: [GENERIC.CREATE] },
      // no session: it lives for the one unit of work
      sessionId: '00000000-0000-0000-0000-000000000000',
      level: 'centre',
      resetPassword: false,
      principalVersion: 0,
    },
    groupFilter: null,
    centreFilter: [centreId],
    empty: false,
    submoduleType: null,
    subscriptionType: null,
    sessionEnabled: false,
  };
}
