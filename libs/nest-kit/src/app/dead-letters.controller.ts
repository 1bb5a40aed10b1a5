import { Controller, Get, Inject, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiQuery, ApiTags } from '@nestjs/swagger';
import { ROLE_CODES } from '@rayworks/contracts';
import { ApiErrorResponses } from '../auth/api-contract.decorator.js';
import { RequireRole } from '../auth/decorators.js';
import { DataSource } from 'typeorm';
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

/** Operator endpoint: the messages this service's consumers gave up on, newest first. Platform admins only. */
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
  // 403: not a platform admin (RAYWORKS_ADMIN or SUPER_ADMIN).
  @ApiErrorResponses(401, 403, 440, 500, 503)
  @ApiQuery({ name: 'limit', required: false, type: Number })
  async list(@Query('limit') limit?: string): Promise<DeadLetterView[]> {
    const n = Math.min(Math.max(Number(limit) || 50, 1), 500);
    const rows: Array<Record<string, unknown>> = await this.dataSource.query(
      `SELECT id, consumer_group, topic, partition, "offset", message_key, value, error, attempts, failed_at
         FROM ${this.settings.schema}.dead_letters ORDER BY id DESC LIMIT $1`,
      [n],
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
