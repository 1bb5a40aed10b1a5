import { ConflictException, HttpException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import {
  DEAD_LETTER_AUDIT_ACTIONS,
  DEAD_LETTER_MESSAGES,
  ROLE_CODES,
  type DeadLetter,
  type DeadLetterState,
} from '@rayworks/contracts';
import { forbidden } from '../auth/auth.errors.js';
import { isPlatformOperator } from '../auth/principal.js';
import type { RequestAccess } from '../auth/request-access.js';
import { UnitOfWork } from '../database/unit-of-work.js';
import { EventConsumer } from '../events/event-consumer.js';
import { DeadLettersRepository } from './dead-letters.repository.js';

/** The company roles that read and resolve their company's dead letters (docs/decisions/0076). */
const COMPANY_OPERATORS: readonly string[] = [ROLE_CODES.ADMIN, ROLE_CODES.SUPER_ADMIN];

/**
 * The dead-letter routes' logic (docs/decisions/0200): who may act (a company's admin on its company's, the platform's
 * operator on those of no company, nobody else: 403), and replay through the service's own consumer group, whose
 * handling and the dead letter's resolution and audit entry commit in one transaction.
 */
@Injectable()
export class DeadLettersService {
  constructor(
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(DeadLettersRepository) private readonly repository: DeadLettersRepository,
    @Inject(EventConsumer) private readonly consumer: EventConsumer,
  ) {}

  list(access: RequestAccess, filter: { limit: number; state: DeadLetterState | 'all' }): Promise<DeadLetter[]> {
    assertOperator(access);
    return this.uow.read(access, (tx) => this.repository.list(tx, filter));
  }

  async replay(access: RequestAccess, id: string): Promise<DeadLetter> {
    const letter = await this.openLetter(access, id);
    if (letter.consumerGroup !== this.consumer.groupId) throw new ConflictException(DEAD_LETTER_MESSAGES.otherConsumer);
    let resolved: DeadLetter | null = null;
    try {
      await this.consumer.replay(
        {
          topic: letter.topic,
          partition: letter.partition,
          offset: letter.offset,
          key: letter.messageKey,
          value: letter.value,
        },
        (manager) =>
          this.uow.join(manager, access, async (tx) => {
            resolved = await this.repository.resolve(tx, id, {
              resolution: 'replayed',
              by: access.principal.userId,
              note: null,
            });
            if (!resolved) throw new ConflictException(DEAD_LETTER_MESSAGES.alreadyResolved);
            await tx.audit({
              action: DEAD_LETTER_AUDIT_ACTIONS.replayed,
              target: { type: 'dead-letter', id },
              details: { consumerGroup: letter.consumerGroup, topic: letter.topic, offset: letter.offset },
            });
          }),
      );
    } catch (error) {
      if (error instanceof HttpException) throw error;
      const reason = error instanceof Error ? error.message : String(error);
      throw new ConflictException(`${DEAD_LETTER_MESSAGES.failedAgain} ${reason}`);
    }
    return resolved!;
  }

  async discard(access: RequestAccess, id: string, reason: string): Promise<DeadLetter> {
    const letter = await this.openLetter(access, id);
    return this.uow.change(access, async (tx) => {
      const resolved = await this.repository.resolve(tx, id, {
        resolution: 'discarded',
        by: access.principal.userId,
        note: reason,
      });
      if (!resolved) throw new ConflictException(DEAD_LETTER_MESSAGES.alreadyResolved);
      await tx.audit({
        action: DEAD_LETTER_AUDIT_ACTIONS.discarded,
        target: { type: 'dead-letter', id },
        details: { consumerGroup: letter.consumerGroup, topic: letter.topic, offset: letter.offset, reason },
      });
      return resolved;
    });
  }

  /** The caller's open dead letter: 404 outside its reach, 409 once resolved. */
  private async openLetter(access: RequestAccess, id: string): Promise<DeadLetter> {
    assertOperator(access);
    const letter = await this.uow.read(access, (tx) => this.repository.find(tx, id));
    if (!letter) throw new NotFoundException(DEAD_LETTER_MESSAGES.notFound);
    if (letter.state !== 'open') throw new ConflictException(DEAD_LETTER_MESSAGES.alreadyResolved);
    return letter;
  }
}

/**
 * A company's RAYWORKS_ADMIN or SUPER_ADMIN (its company's dead letters), or the platform's operator (those of no
 * company, docs/decisions/0085); anyone else: 403.
 */
export function assertOperator(access: Pick<RequestAccess, 'principal'>): void {
  const { principal } = access;
  if (isPlatformOperator(principal)) return;
  if (principal.tenantId !== null && principal.roleCodes.some((code) => COMPANY_OPERATORS.includes(code))) return;
  throw forbidden();
}
