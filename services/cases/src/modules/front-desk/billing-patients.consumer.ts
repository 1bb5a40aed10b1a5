import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import {
  PatientRegisteredV1,
  PatientUpdatedV1,
  type EventEnvelope,
  type PatientEventPayload,
} from '@rayworks/contracts';
import { companyOfEvent, EventConsumer } from '@rayworks/nest-kit';
import { BillingPatientsRepository } from './billing-patients.repository.js';

/**
 * Keeps cases.billing_patients from billing.patient.v1 (thin; the kit's inbox applies each event once). The topic is
 * compacted (docs/decisions/0120), so the group, reading from the beginning, sees every patient billing registered.
 */
@Injectable()
export class BillingPatientsConsumer implements OnModuleInit {
  constructor(
    @Inject(EventConsumer) private readonly consumer: EventConsumer,
    @Inject(BillingPatientsRepository) private readonly patients: BillingPatientsRepository,
  ) {}

  onModuleInit(): void {
    const keep = (e: EventEnvelope<PatientEventPayload>, m: EntityManager) =>
      this.patients.upsert(m, companyOfEvent(e), e.payload);
    this.consumer.on(PatientRegisteredV1, keep).on(PatientUpdatedV1, keep);
  }
}
