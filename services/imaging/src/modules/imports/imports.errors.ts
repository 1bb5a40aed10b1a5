import { ConflictException, NotFoundException } from '@nestjs/common';
import { IMPORT_CALL_MESSAGES } from '@rayworks/contracts';

/** The import calls' words are written once in libs/contracts (IMPORT_CALL_MESSAGES). */
export { IMPORT_CALL_MESSAGES } from '@rayworks/contracts';

export const importNotFound = () => new NotFoundException(IMPORT_CALL_MESSAGES.notFound);
export const importConflict = (message: string) => new ConflictException(message);
