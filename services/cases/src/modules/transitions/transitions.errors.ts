import { ConflictException, NotFoundException } from '@nestjs/common';
import { CASE_MESSAGES } from '@rayworks/contracts';
import { forbidden } from '@rayworks/nest-kit';

/** The refusals of a case transition (messages from CASE_MESSAGES, word for word). */
export const caseNotFound = () => new NotFoundException(CASE_MESSAGES.notFound);
/** The case moved on since the caller read it (its version is not the one sent): optimistic concurrency lost. */
export const caseConflict = () => new ConflictException(CASE_MESSAGES.conflict);
/** The machine or the action table does not allow the action on the case as it is (409). */
export class ActionRefusedException extends ConflictException {}
export const actionNotAllowed = (message: string) => new ActionRefusedException(message);
export const missingPrivilege = () => forbidden();
