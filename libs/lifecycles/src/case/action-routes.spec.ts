import { describe, expect, it } from '@jest/globals';
import { CASE_ACTIONS } from '@rayworks/contracts';
import { caseActionRoute } from './action-routes.js';

const centre = { workflowType: 'Center', fusionStatus: null } as const;
const fusion = { workflowType: 'Center', fusionStatus: 'ASSIGNED' } as const;
const market = { workflowType: 'Marketplace', fusionStatus: null } as const;

describe('caseActionRoute: the route each allowed action takes', () => {
  it('centre cases: assignment, split, offers and fusion sends have their routes; moves are /cases/worklistupdate', () => {
    expect(caseActionRoute(centre, 'ASSIGN')).toEqual({ route: 'assign', fusion: false });
    expect(caseActionRoute(centre, 'SPLIT')).toEqual({ route: 'splitCase' });
    expect(caseActionRoute(centre, 'OFFER_TO_MARKETPLACE')).toEqual({ route: 'offerToMarketplace' });
    expect(caseActionRoute(centre, 'SEND_TO_FUSION')).toEqual({ route: 'fusionSend' });
    expect(caseActionRoute(centre, 'ACCEPT')).toEqual({ route: 'worklistUpdate', action: 'ACCEPT' });
    expect(caseActionRoute(centre, 'SEND_TO_TYPIST')).toEqual({ route: 'worklistUpdate', action: 'SEND_TO_TYPIST' });
    expect(caseActionRoute(centre, 'GO_TO_CASE')).toEqual({ route: null });
  });
  it('a case with its fusion centre moves by the fusion machine', () => {
    expect(caseActionRoute(fusion, 'ACCEPT')).toEqual({ route: 'fusionWorklistUpdate', action: 'ACCEPT' });
    expect(caseActionRoute(fusion, 'COMPLETE')).toEqual({ route: 'fusionWorklistUpdate', action: 'COMPLETE' });
    expect(caseActionRoute(fusion, 'REASSIGN')).toEqual({ route: 'assign', fusion: true });
    expect(caseActionRoute(fusion, 'RECALL_FROM_FUSION')).toEqual({
      route: 'fusionWorklistUpdate',
      action: 'RECALL_FROM_FUSION',
    });
  });
  it("a marketplace case is taken and given back through the marketplace's routes", () => {
    expect(caseActionRoute(market, 'ACCEPT')).toEqual({ route: 'acceptOffer' });
    expect(caseActionRoute(market, 'REJECT')).toEqual({ route: 'rejectOffer' });
    expect(caseActionRoute(market, 'WITHDRAW_OFFER')).toEqual({ route: 'withdrawOffer' });
    expect(caseActionRoute(market, 'HOLD')).toEqual({ route: 'worklistUpdate', action: 'HOLD' });
  });
  it('every action has an answer', () => {
    for (const action of CASE_ACTIONS)
      for (const facts of [centre, fusion, market]) expect(caseActionRoute(facts, action)).toHaveProperty('route');
  });
});
