import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { centreSideRooms, socketRoom, type CriticalAlertMessage } from '@rayworks/contracts';
import { LOGGER, RealtimeEmitter } from '@rayworks/nest-kit';
import type { CriticalAlertEntity } from './critical-alert.entity.js';

/**
 * Pushes `critical:alert` (no patient data, no finding) to the centre side of the case or lab order — its company's
 * company-level users, its group's admins, its centre's users (`centreSideRooms`, docs/decisions/0219), never the whole
 * company — to whoever flagged it, and to given users' rooms (an escalation reaches the centre's admins wherever they
 * are signed in). Best-effort, like every push: a console that is not connected reads /critical/find.
 */
@Injectable()
export class CriticalPush {
  constructor(
    @Inject(RealtimeEmitter) private readonly realtime: RealtimeEmitter,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  send(alert: CriticalAlertEntity, userIds: readonly string[] = []): void {
    const at = (alert.acknowledgedAt ?? alert.escalatedAt ?? alert.flaggedAt).toISOString();
    const message: CriticalAlertMessage = {
      alertId: alert.id,
      subject: alert.subject,
      caseId: alert.caseId,
      labOrderId: alert.labOrderId,
      centreId: alert.centreId,
      status: alert.status,
      at,
    };
    try {
      const users = [...(alert.flaggedBy ? [alert.flaggedBy] : []), ...userIds].map(socketRoom.user);
      this.realtime.toRoom([...new Set([...centreSideRooms(alert), ...users])], 'critical:alert', message);
    } catch (error) {
      this.logger.warn({ err: error, alertId: alert.id }, 'critical:alert push failed');
    }
  }
}
