import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { centreSideRooms, type Sample, type SampleRejectedMessage } from '@rayworks/contracts';
import { LOGGER, RealtimeEmitter } from '@rayworks/nest-kit';

/**
 * Tells a sample's centre side — its company's company-level users, its group's admins, its centre's users
 * (`centreSideRooms`, the rooms the gateway joins every socket to by reach; docs/decisions/0219, 0299) — that the lab
 * rejected one of its samples. No patient name: the console reads the sample with /sample/find, which checks the
 * reach. Best-effort, like every push: SampleRejected on lims.sample.v1 is the record.
 */
@Injectable()
export class SamplePush {
  constructor(
    @Inject(RealtimeEmitter) private readonly realtime: RealtimeEmitter,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  rejected(tenantId: string, sample: Sample, recollection: Sample): void {
    const message: SampleRejectedMessage = {
      sampleId: sample._id,
      barcode: sample.barcode,
      centreId: sample.centreId,
      registrationNumber: sample.registrationNumber,
      reason: sample.rejectionReason ?? 'OTHER',
      recollectionBarcode: recollection.barcode,
      at: sample.rejectedAt ?? new Date().toISOString(),
    };
    try {
      this.realtime.toRoom(
        centreSideRooms({ tenantId, groupId: sample.groupId, centreId: sample.centreId }),
        'lims:sample-rejected',
        message,
      );
    } catch (error) {
      this.logger.warn({ err: error, sampleId: sample._id }, 'lims:sample-rejected push failed');
    }
  }
}
