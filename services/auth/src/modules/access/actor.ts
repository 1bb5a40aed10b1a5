import type { EventActor } from '@rayworks/contracts';
import type { Principal } from '@rayworks/nest-kit';

/** The actor of an event caused by a user's request. */
export const actorOf = (principal: Pick<Principal, 'userId'>): EventActor => ({ type: 'user', id: principal.userId });
