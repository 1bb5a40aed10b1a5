import { describe, expect, it } from '@jest/globals';
import { GoneException, NotFoundException } from '@nestjs/common';
import { COLLABORATION_MESSAGES } from '@rayworks/contracts';
import type { UnitOfWork } from '@rayworks/nest-kit';
import type { VisibleCases } from '../../cases/visible-cases.service.js';
import type { DirectoryRepository } from '../../directory/directory.repository.js';
import type { CaseSharesRepository } from './case-shares.repository.js';
import { CaseSharesService } from './case-shares.service.js';
import { newShareToken, shareTokenHash } from './share-token.js';

const TENANT = '0b6f7c2e-9a1d-4c3b-8e5f-1a2b3c4d5e6f';
const now = new Date('2026-11-26T12:00:00Z');

function serviceWith(link: { tokenHash: string; expiresAt: Date } | null) {
  const tenants: (string | null)[] = [];
  const uow = {
    read: (who: { tenantId: string | null }, work: (tx: unknown) => Promise<unknown>) => {
      tenants.push(who.tenantId);
      return work({});
    },
  } as unknown as UnitOfWork;
  const shares = {
    byTokenHash: async (_tx: unknown, hash: string) =>
      link && link.tokenHash === hash ? { id: 's1', caseId: 'c1', ...link } : null,
    sharedCase: async () => ({
      patientName: 'DOE^JOHN',
      patientId: 'P1',
      modalities: [],
      centreId: null,
      status: 'COMPLETED',
      imagingState: 'IMPORTED',
      priority: 'ROUTINE',
      completedAt: null,
    }),
  } as unknown as CaseSharesRepository;
  const directory = { names: async () => ({ users: new Map(), centres: new Map() }) } as unknown as DirectoryRepository;
  return { service: new CaseSharesService(uow, {} as VisibleCases, shares, directory), tenants };
}

describe('CaseSharesService.findShared', () => {
  const token = newShareToken(TENANT);

  it('reads the link under the company the token names, and shows the case until it expires', async () => {
    const { service, tenants } = serviceWith({
      tokenHash: shareTokenHash(token),
      expiresAt: new Date(now.getTime() + 1000),
    });
    const shared = await service.findShared(token, now);
    expect(shared).toMatchObject({ patientName: 'DOE^JOHN', worklistStatus: 'COMPLETED' });
    expect(new Set(tenants)).toEqual(new Set([TENANT]));
  });

  it('answers 410 Gone once the link has expired', async () => {
    const { service } = serviceWith({ tokenHash: shareTokenHash(token), expiresAt: now });
    await expect(service.findShared(token, now)).rejects.toThrow(GoneException);
    await expect(service.findShared(token, now)).rejects.toThrow(COLLABORATION_MESSAGES.shareExpired);
  });

  it('answers 404 for a token that is not ours or not stored', async () => {
    const { service, tenants } = serviceWith(null);
    await expect(service.findShared('garbage', now)).rejects.toThrow(NotFoundException);
    expect(tenants).toEqual([]);
    await expect(service.findShared(token, now)).rejects.toThrow(COLLABORATION_MESSAGES.shareNotFound);
  });
});
