import { Controller, Get, Inject, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiQuery, ApiTags } from '@nestjs/swagger';
import { ROLE_CODES } from '@rayworks/contracts';
import { ApiErrorResponses } from '../auth/api-contract.decorator.js';
import { CurrentPrincipal, RequireRole } from '../auth/decorators.js';
import type { Principal } from '../auth/principal.js';
import { DataSource } from 'typeorm';
import { runInTenant } from '../database/tenant-context.js';
import { ServiceKitSettings } from './service-kit.settings.js';

export interface DeadLetterView {
  id: string;
  consumerGroup: string;
  topic: string;
  partition: number;
  offset: string;
  messageKey: string | null;
  value: string | null;
  error: string;
  attempts: number;
  failedAt: string;
}

/**
 * Operator endpoint: the messages this service's consumers gave up on, newest first — of the caller's own company
 * only (docs/decisions/0076-dead-letters-per-tenant.md). A company's RAYWORKS_ADMIN or SUPER_ADMIN reads the dead
 * letters whose event belongs to its tenant: filtered in SQL, and row-level security on `dead_letters` refuses
 * the rows of every other tenant even if the filter were forgotten. Messages with no readable tenant are for the
 * platform's operators (not served here yet).
 */
@ApiTags('operations')
@ApiBearerAuth()
@RequireRole(ROLE_CODES.ADMIN, ROLE_CODES.SUPER_ADMIN)
@Controller('ops/dead-letters')
export class DeadLettersController {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(ServiceKitSettings) private readonly settings: ServiceKitSettings,
  ) {}

  @Get()
  @ApiOkResponse({ description: 'Dead letters, newest first.' })
  // 403: not a company admin (RAYWORKS_ADMIN or SUPER_ADMIN).
  @ApiErrorResponses(401, 403, 440, 500, 503)
  @ApiQuery({ name: 'limit', required: false, type: Number })
  async list(@CurrentPrincipal() principal: Principal, @Query('limit') limit?: string): Promise<DeadLetterView[]> {
    const n = Math.min(Math.max(Number(limit) || 50, 1), 500);
    const rows: Array<Record<string, unknown>> = await runInTenant(this.dataSource, principal.tenantId, (manager) =>
      manager.query(
        `SELECT id, consumer_group, topic, partition, "offset", message_key, value, error, attempts, failed_at
           FROM ${this.settings.schema}.dead_letters WHERE tenant_id = $1 ORDER BY id DESC LIMIT $2`,
        [principal.tenantId, n],
      ),
    );
    return rows.map((r) => ({
      id: String(r.id),
      consumerGroup: String(r.consumer_group),
      topic: String(r.topic),
      partition: Number(r.partition),
      offset: String(r.offset),
      messageKey: (r.message_key as string | null) ?? null,
      value: (r.value as string | null) ?? null,
      error: String(r.error),
      attempts: Number(r.attempts),
      failedAt: new Date(r.failed_at as string).toISOString(),
    }));
  }
}
