import { ConflictException, ForbiddenException } from '@nestjs/common';
import { AUTH_MESSAGES } from '@rayworks/contracts';
import type { ReportRefusal } from './report-rules.js';

/** A refusal of the report rules as the API answers it (403 or 409 with its message). */
export function refuse(refusal: ReportRefusal): never {
  if (refusal.code === 403) throw new ForbiddenException(refusal.message || AUTH_MESSAGES.forbidden);
  throw new ConflictException(refusal.message);
}
