import { describe, expect, it } from '@jest/globals';
import type { EntityManager } from 'typeorm';
import { StudyImportedV1, eventEnvelopeSchema } from '@rayworks/contracts';
import { runWithContext } from '../logging/context.js';
import { OutboxPublisher } from './outbox.publisher.js';

const payload = {
  studyInstanceUid: '1.2.840.113619.2.55.3',
  groupId: null,
  centreId: '0190a0b2-7c4e-7a51-9f1e-3b2d9c1e4a10',
  patientName: 'DOE^JANE',
  patientId: 'P-1001',
  accessionNumber: null,
  studyId: '1',
  modality: 'CT',
  modalities: ['CT'],
  studyDate: '20261121',
  seriesCount: 2,
  instanceCount: 120,
  instancesAdded: 120,
};

function fakeManager(inTransaction: boolean) {
  const calls: Array<{ sql: string; params: unknown[] }> = [];
  const manager = {
    queryRunner: { isTransactionActive: inTransaction },
    query: async (sql: string, params: unknown[]) => void calls.push({ sql, params }),
  } as unknown as EntityManager;
  return { manager, calls };
}

describe('OutboxPublisher', () => {
  const publisher = new OutboxPublisher('imaging');
  const options = {
    payload,
    key: payload.studyInstanceUid,
    tenantId: '0190a0b2-7c4e-7a51-9f1e-3b2d9c1e4a11',
    actor: { type: 'user' as const, id: 'u1' },
  };

  it('writes a valid envelope with the correlation id of the work in progress into the outbox', async () => {
    const { manager, calls } = fakeManager(true);
    const envelope = await runWithContext({ correlationId: 'corr-42', requestId: 'req-7' }, () =>
      publisher.publish(manager, StudyImportedV1, options),
    );
    expect(eventEnvelopeSchema.parse(envelope)).toBeTruthy();
    expect(envelope).toMatchObject({
      type: 'StudyImported',
      version: 1,
      correlationId: 'corr-42',
      causationId: 'req-7',
    });
    expect(envelope.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7/);
    expect(calls).toHaveLength(1);
    expect(calls[0].sql).toContain('INSERT INTO imaging.outbox');
    expect(calls[0].params.slice(0, 3)).toEqual([[envelope.id], ['imaging.study.v1'], [payload.studyInstanceUid]]);
    expect((calls[0].params[3] as string[]).map((text) => JSON.parse(text))).toEqual([envelope]);
  });

  it('builds an envelope without writing, and writes several rows in one statement in the order given', async () => {
    const { manager, calls } = fakeManager(true);
    const built = ['P-1', 'P-2', 'P-3'].map((patientId) =>
      publisher.build(StudyImportedV1, { ...options, key: patientId, payload: { ...payload, patientId } }),
    );
    expect(calls).toHaveLength(0);
    expect(built.map((b) => b.envelope.payload.patientId)).toEqual(['P-1', 'P-2', 'P-3']);
    await publisher.write(
      manager,
      built.map((b) => b.row),
    );
    expect(calls).toHaveLength(1);
    expect(calls[0].params.slice(0, 3)).toEqual([
      built.map((b) => b.envelope.id),
      ['imaging.study.v1', 'imaging.study.v1', 'imaging.study.v1'],
      ['P-1', 'P-2', 'P-3'],
    ]);
    expect((calls[0].params[3] as string[]).map((text) => JSON.parse(text))).toEqual(built.map((b) => b.envelope));
    await publisher.write(manager, []);
    expect(calls).toHaveLength(1); // nothing to write, no statement
  });

  it('refuses to build an envelope whose payload does not match the contract', () => {
    expect(() => publisher.build(StudyImportedV1, { ...options, payload: { ...payload, seriesCount: -1 } })).toThrow();
  });

  it('refuses to write outside a transaction', async () => {
    const { manager, calls } = fakeManager(false);
    await expect(publisher.publish(manager, StudyImportedV1, options)).rejects.toThrow(/inside the transaction/);
    expect(calls).toHaveLength(0);
  });

  it('refuses a payload that does not match the contract, and writes nothing', async () => {
    const { manager, calls } = fakeManager(true);
    await expect(
      publisher.publish(manager, StudyImportedV1, { ...options, payload: { ...payload, seriesCount: -1 } }),
    ).rejects.toThrow();
    expect(calls).toHaveLength(0);
  });
});
