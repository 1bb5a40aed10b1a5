import { readFile } from 'node:fs/promises';
import { imagingStorageKeys } from '@rayworks/contracts';
import { StorageService } from '@rayworks/nest-kit';
import { infraEnv, tenantQuery, type BuiltStudy } from '@rayworks/testing';

export interface ArchivedInstance {
  seriesInstanceUid: string;
  sopInstanceUid: string;
  storageKey: string;
  bytes: Buffer;
}

export interface ArchivedStudy {
  studyId: string;
  studyInstanceUid: string;
  instances: ArchivedInstance[];
}

export const testStorage = () => new StorageService(infraEnv().s3);

/** Transfer syntaxes whose pixel data is native (not encapsulated). */
const NATIVE = new Set(['1.2.840.10008.1.2', '1.2.840.10008.1.2.1', '1.2.840.10008.1.2.2', '1.2.840.10008.1.2.1.99']);

/**
 * Puts a study built by libs/testing's `buildStudyFolder` (real DICOM files from pydicom's test data, with UIDs of
 * their own) into a tenant's archive as the import worker leaves it — each file in the object store at its instance
 * key, and its study, series and instance rows under the tenant's row-level security — for tests of what reads the
 * archive. (How a study gets there through an import is the import worker's tests' business.)
 */
export async function archiveStudy(
  tenantId: string,
  placement: { groupId: string | null; centreId: string | null },
  built: BuiltStudy,
): Promise<ArchivedStudy> {
  const storage = testStorage();
  const [study] = await tenantQuery<{ id: string }>(
    tenantId,
    `INSERT INTO imaging.studies (tenant_id, group_id, centre_id, study_instance_uid, patient_name, patient_id,
       study_date, accession_number, modalities, series_count, instance_count, size_bytes, state)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, 'IMPORTED') RETURNING id`,
    [
      tenantId,
      placement.groupId,
      placement.centreId,
      built.studyInstanceUid,
      built.patientName,
      built.patientId,
      built.studyDate,
      built.accessionNumber,
      [...new Set(built.series.map((s) => s.modality))],
      built.series.length,
      built.instances.length,
      built.bytes,
    ],
  );
  const instances: ArchivedInstance[] = [];
  for (const [index, series] of built.series.entries()) {
    const [row] = await tenantQuery<{ id: string }>(
      tenantId,
      `INSERT INTO imaging.series (tenant_id, study_id, series_instance_uid, modality, series_number, instance_count)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
      [tenantId, study!.id, series.seriesInstanceUid, series.modality, index + 1, series.instances.length],
    );
    for (const instance of series.instances) {
      const bytes = await readFile(instance.path);
      const storageKey = imagingStorageKeys.instance(
        tenantId,
        built.studyInstanceUid,
        series.seriesInstanceUid,
        instance.sopInstanceUid,
      );
      await storage.put(storageKey, bytes, 'application/dicom');
      await tenantQuery(
        tenantId,
        `INSERT INTO imaging.instances (tenant_id, study_id, series_id, sop_instance_uid, sop_class_uid, instance_number,
           transfer_syntax_uid, storage_key, size_bytes, pixel_data_encapsulated, metadata)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, '{}')`,
        [
          tenantId,
          study!.id,
          row!.id,
          instance.sopInstanceUid,
          instance.sopClassUid,
          instance.instanceNumber,
          instance.transferSyntaxUid,
          storageKey,
          bytes.length,
          !NATIVE.has(instance.transferSyntaxUid),
        ],
      );
      instances.push({
        seriesInstanceUid: series.seriesInstanceUid,
        sopInstanceUid: instance.sopInstanceUid,
        storageKey,
        bytes,
      });
    }
  }
  return { studyId: study!.id, studyInstanceUid: built.studyInstanceUid, instances };
}
