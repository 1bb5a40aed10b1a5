import { Controller, Get, HttpStatus, Inject, Res } from '@nestjs/common';
import { ApiOkResponse, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { LivenessReport, ReadinessReport } from '@rayworks/contracts';
import { Public } from '../auth/decorators.js';
import { HealthChecks } from './health-checks.js';

@ApiTags('health')
@Public()
@Controller('health')
export class HealthController {
  constructor(@Inject(HealthChecks) private readonly checks: HealthChecks) {}

  @Get('live')
  @ApiOkResponse({ description: 'The process runs.' })
  @ApiServiceUnavailableResponse({
    description:
      'Through the gateway: the service is unreachable (`{ status: "error", data: null, message, service }`).',
  })
  live(): LivenessReport {
    return { service: this.checks.service, status: 'live', uptimeSeconds: this.checks.uptimeSeconds() };
  }

  @Get('ready')
  @ApiOkResponse({ description: 'Every dependency answers.' })
  @ApiServiceUnavailableResponse({
    description:
      'A dependency does not answer (a readiness report with status "not-ready"); through the gateway also when the service is unreachable (`{ status: "error", data: null, message, service }`).',
  })
  async ready(@Res({ passthrough: true }) res: Response): Promise<ReadinessReport> {
    const report = await this.checks.readiness();
    res.status(report.status === 'ready' ? HttpStatus.OK : HttpStatus.SERVICE_UNAVAILABLE);
    return report;
  }
}
