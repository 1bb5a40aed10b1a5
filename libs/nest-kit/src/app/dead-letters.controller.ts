import { Controller, Get, Inject, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiQuery, ApiTags } from '@nestjs/swagger';
import { ROLE_CODES } from '@rayworks/contracts';
import { ApiErrorResponses } from '../auth/api-contract.decorator.js';
import { CurrentPrincipal, RequireRole } from '../auth/decorators.js';
import { companyOf, type Principal } from '../auth/principal.js';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import { runInTenant } from '../database/tenant-context.js';
import { typedRows } from '../database/typed-query.js';
import { ServiceKitSettings } from './service-kit.settings.js';

const deadLetterRow = z.object({
  id: z.string(),
  consumerGroup: z.string(),
  topic: z.string(),
  partition: z.number().int(),
  offset: z.string(),
  messageKey: z.string().nullable(),
  value: z.string().nullable(),
  error: z.string(),
  attempts: z.number().int(),
  failedAt: z.date().transform((d) => d.toISOString()),
});
export type DeadLetterView = z.output<typeof deadLetterRow>;

/**
 * Operator endpoint: the messages this service's consumers gave up on, newest first — of the caller's own company
 * only (docs/decisions/0076-dead-letters-per-tenant.md). A company's RAYWORKS_ADMIN or SUPER_ADMIN reads the dead
 * letters whose event belongs to its tenant: filtered in SQL, and row-level security on `dead_letters` refuses
 * the rows of every other tenant even if the filter were forgotten. Messages with no readable tenant are for the
 * platform's operators (not served here yet); a platform operator, who has no company, is refused (403).
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
    const tenantId = companyOf(principal);
    return runInTenant(this.dataSource, tenantId, (manager) =>
      typedRows(
        manager,
        deadLetterRow,
        `SELECT id::text AS id, consumer_group AS "consumerGroup", topic, partition, "offset", message_key AS "messageKey",
                value, error, attempts, failed_at AS "failedAt"
           FROM ${this.settings.schema}.dead_letters WHERE tenant_id = :tenantId ORDER BY id DESC LIMIT :limit`,
        { tenantId, limit: n },
      ),
    );
  }
}
