import { z } from 'zod';
import { WORKLIST, requirement } from '../access/privileges.js';
import { endpoint as ep } from '../api/endpoint.js';
import { caseSchema, marketplaceOfferSchema, marketplaceOfferedCaseSchema } from './entities.js';

/**
 * The marketplace (docs/decisions/0147-marketplace-offers.md … 0148-first-accept-wins.md): a company offers a NEW
 * case to the platform's marketplace radiologists (users of no company, principal level 'marketplace'), who see ONLY
 * the cases with an open offer or taken by them (row-level security on the cases, not a filter in code); the first to
 * accept gets it (exactly one under a race: the loser gets 409 MARKETPLACE_MESSAGES.alreadyTaken); a rejection or the
 * timeout returns it to the pool; the company may withdraw an open offer. Every change is a transition of the cases
 * service's runner (event, audit entry, push in one unit of work).
 */
const id = z.uuid();
const version = z.number().int().min(1);
const reason = z.string().trim().min(1).max(500);

/** Offer a NEW case of the caller's company to the marketplace. */
export const offerCaseBody = z
  .object({
    _id: id,
    version,
    /** How long the offer stays open before it goes back to the centre (default 24 hours). */
    openMinutes: z
      .number()
      .int()
      .min(1)
      .max(7 * 24 * 60)
      .optional(),
    /** How long the taker has to complete it before it returns to the pool (default the case's turnaround, at least 30 minutes). */
    takeMinutes: z
      .number()
      .int()
      .min(1)
      .max(7 * 24 * 60)
      .optional(),
  })
  .strict();
/** Withdraw the open offer of a case (back to the centre's NEW queue). */
export const withdrawOfferBody = z.object({ _id: id, version }).strict();
/** Take an open offer (the first wins). */
export const acceptOfferBody = z.object({ _id: id, version }).strict();
/** Give a taken case back to the pool, with a reason. */
export const rejectOfferBody = z.object({ _id: id, version, reason }).strict();

/** The marketplace radiologist's list: open offers (and, with `mine`, the cases they took). */
export const marketplaceListBody = z
  .object({
    mine: z.boolean().default(false),
    modality: z.string().trim().toUpperCase().min(1).max(16).optional(),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(50),
  })
  .strict();
export type MarketplaceListBody = z.output<typeof marketplaceListBody>;

/** A marketplace change's answer: the case after it and its offer. */
export const marketplaceChangeSchema = z.object({ case: caseSchema, offer: marketplaceOfferSchema });
export type MarketplaceChange = z.infer<typeof marketplaceChangeSchema>;

const W = WORKLIST;
export const MARKETPLACE_ENDPOINTS = {
  offerToMarketplace: ep({
    method: 'POST',
    path: '/marketplace/offer',
    access: requirement('WORKLIST', W.ASSIGN),
    body: offerCaseBody,
    data: marketplaceChangeSchema,
    errors: [404, 409],
  }),
  withdrawOffer: ep({
    method: 'POST',
    path: '/marketplace/withdraw',
    access: requirement('WORKLIST', W.ASSIGN),
    body: withdrawOfferBody,
    data: marketplaceChangeSchema,
    errors: [404, 409],
  }),
  marketplaceList: ep({
    method: 'POST',
    path: '/marketplace/list',
    access: requirement('WORKLIST', W.VIEW, W.ACCEPT),
    body: marketplaceListBody,
    data: z.object({ offers: z.array(marketplaceOfferedCaseSchema), total: z.number().int().min(0) }),
  }),
  acceptOffer: ep({
    method: 'POST',
    path: '/marketplace/accept',
    access: requirement('WORKLIST', W.ACCEPT),
    body: acceptOfferBody,
    data: marketplaceChangeSchema,
    errors: [404, 409],
  }),
  rejectOffer: ep({
    method: 'POST',
    path: '/marketplace/reject',
    access: requirement('WORKLIST', W.REJECT),
    body: rejectOfferBody,
    data: marketplaceChangeSchema,
    errors: [404, 409],
  }),
};
