import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { ReportLayoutSavedV1 } from '@rayworks/contracts';
import { companyOfEvent, EventConsumer, UnitOfWork } from '@rayworks/nest-kit';
import { CentreLayoutsRepository } from './centre-layouts.repository.js';

/**
 * reporting.layout.v1 ReportLayoutSaved → lims.centre_layouts (docs/decisions/0309): the centre's report layout, kept
 * for the lab reports' print. Thin; the effect joins the consumer's transaction with the kit's inbox entry.
 */
@Injectable()
export class CentreLayoutsConsumer implements OnModuleInit {
  constructor(
    @Inject(EventConsumer) private readonly consumer: EventConsumer,
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(CentreLayoutsRepository) private readonly layouts: CentreLayoutsRepository,
  ) {}

  onModuleInit(): void {
    this.consumer.on(ReportLayoutSavedV1, (e, manager) => {
      const tenantId = companyOfEvent(e);
      return this.uow.join(manager, { tenantId, actor: e.actor, user: null }, (tx) =>
        this.layouts.keep(tx, { tenantId, centreId: e.payload.centreId, layout: e.payload.layout }),
      );
    });
  }
}
