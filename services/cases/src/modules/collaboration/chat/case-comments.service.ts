import { Inject, Injectable } from '@nestjs/common';
import {
  caseRooms,
  type CASES_API,
  type CaseComment,
  type CaseCommentAddedMessage,
  type BodyOf,
} from '@rayworks/contracts';
import { KIT_AUDIT_ACTIONS, RealtimeEmitter, UnitOfWork, type ReadTx, type RequestAccess } from '@rayworks/nest-kit';
import type { CaseEntity } from '../../cases/case.entity.js';
import { VisibleCases } from '../../cases/visible-cases.service.js';
import { DirectoryRepository } from '../../directory/directory.repository.js';
import { COLLABORATION_AUDIT_ACTIONS as A, iso } from '../collaboration-audit.js';
import type { CaseCommentEntity } from './case-comment.entity.js';
import { CaseCommentsRepository } from './case-comments.repository.js';

/**
 * The case's chat (spec §7 /comment/add|find; the centre and the radiologist, also a marketplace one, talk on the
 * case, in the case's company's rows). A message is one unit of work with its audit entry; after the commit
 * `cases:comment-added` goes to the users whose reach holds the case (`caseRooms`), without the text
 * (docs/decisions/0143, 0219).
 */
@Injectable()
export class CaseCommentsService {
  constructor(
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(VisibleCases) private readonly visible: VisibleCases,
    @Inject(CaseCommentsRepository) private readonly comments: CaseCommentsRepository,
    @Inject(DirectoryRepository) private readonly directory: DirectoryRepository,
    @Inject(RealtimeEmitter) private readonly realtime: RealtimeEmitter,
  ) {}

  add(access: RequestAccess, body: BodyOf<typeof CASES_API.addComment>): Promise<CaseComment> {
    return this.onCase(access, body.caseId, async (found) =>
      this.uow.change(
        access,
        async (tx) => {
          const row = await this.comments.insert(tx, {
            tenantId: found.tenantId,
            caseId: found.id,
            text: body.text,
            authorId: access.principal.userId,
          });
          await tx.audit({
            action: A.commentAdd,
            target: { type: 'case', id: found.id },
            details: { commentId: row.id },
          });
          const message: CaseCommentAddedMessage = {
            caseId: found.id,
            commentId: row.id,
            authorId: row.authorId,
            createdAt: iso(row.createdAt),
          };
          const rooms = caseRooms(found);
          tx.afterCommit(() => this.push(rooms, message));
          return (await this.views(tx, [row]))[0]!;
        },
        { inCompany: found.tenantId },
      ),
    );
  }

  find(
    access: RequestAccess,
    body: BodyOf<typeof CASES_API.findComments>,
  ): Promise<{ items: CaseComment[]; hasMore: boolean }> {
    return this.onCase(access, body.caseId, (found) =>
      this.uow.read(
        access,
        async (tx) => {
          const rows = await this.comments.newest(
            tx,
            found.id,
            body.before ? new Date(body.before) : undefined,
            body.limit,
          );
          const page = rows.slice(0, body.limit).reverse();
          return { items: await this.views(tx, page), hasMore: rows.length > body.limit };
        },
        {
          inCompany: found.tenantId,
          audit: {
            action: KIT_AUDIT_ACTIONS.patientDataRead,
            actor: { userId: access.principal.userId, loginName: access.principal.loginName },
            target: { type: 'case', id: found.id },
            details: { read: 'case_comments' },
          },
        },
      ),
    );
  }

  /**
   * The case as the caller may see it (its reach under its own row-level security: 404 otherwise), then the work in
   * the case's company (a marketplace radiologist's or the fusion side's message is the case company's row).
   */
  private async onCase<T>(access: RequestAccess, caseId: string, work: (found: CaseEntity) => Promise<T>): Promise<T> {
    const found = await this.uow.read(access, (tx) => this.visible.load(tx, access, caseId));
    return work(found);
  }

  private async views(tx: ReadTx, rows: readonly CaseCommentEntity[]): Promise<CaseComment[]> {
    const names = await this.directory.names(
      tx,
      rows.map((r) => r.authorId),
      [],
    );
    return rows.map((r) => ({
      _id: r.id,
      caseId: r.caseId,
      text: r.text,
      authorId: r.authorId,
      authorName: r.authorId ? (names.users.get(r.authorId) ?? null) : null,
      createdAt: iso(r.createdAt),
    }));
  }

  /** Best effort (a console that misses it reads over HTTP): a failed push never fails the committed message. */
  private push(rooms: readonly string[], message: CaseCommentAddedMessage): void {
    try {
      this.realtime.toRoom(rooms, 'cases:comment-added', message);
    } catch {
      // committed; the chat refetches on its next read
    }
  }
}
