import { Module } from '@nestjs/common';
import { AuditRepository } from './audit.repository.js';

/** The append-only audit log. */
@Module({ providers: [AuditRepository], exports: [AuditRepository] })
export class AuditModule {}
