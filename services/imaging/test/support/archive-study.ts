import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { imagingStorageKeys } from '@rayworks/contracts';
import { StorageService } from '@rayworks/nest-kit';
import { infraEnv, tenantQuery } from '@rayworks/testing';

/** pydicom's test files (Debian python3-pydicom): real DICOM published by others, never committed here. */
export const PYDICOM_FILES = '/usr/lib/python3/dist-packages/pydicom/data/test_files';

/** A fresh DICOM UID under the 2.25 (UUID-derived) root. */
export const newUid = () => `2.25.${BigInt(`0x${randomBytes(15).toString('hex')}`).toString()}`;

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

/**
 * Puts a study into a tenant's archive as the import worker leaves it — each file in the object store at its
 * instance key, and its study, series and instance rows (under the tenant's row-level security) — for tests of what
 * reads the archive. `series` lists, per series, the pydicom test files of its instances; `encapsulated` files are
 * indexed as compressed pixel data. (The import worker's own tests cover how a study gets there.)
 */
export async function archiveStudy(
  tenantId: string,
  placement: { groupId: string | null; centreId: string | null },
  series: { modality: string; files: string[] }[],
): Promise<ArchivedStudy> {
  const storage = testStorage();
  const studyInstanceUid = newUid();
  const [study] = await tenantQuery<{ id: string }>(
    tenantId,
    `INSERT INTO imaging.studies (tenant_id, group_id, centre_id, study_instance_uid, patient_name, patient_id,
       modalities, series_count, state)
     VALUES ($1, $2, $3, $4, 'Test^Download', 'DL-1', $5, $6, 'IMPORTED') RETURNING id`,
    [tenantId, placement.groupId, placement.centreId, studyInstanceUid, series.map((s) => s.modality), series.length],
  );
  const instances: ArchivedInstance[] = [];
  for (const [index, s] of series.entries()) {
    const seriesInstanceUid = newUid();
    const [row] = await tenantQuery<{ id: string }>(
      tenantId,
      `INSERT INTO imaging.series (tenant_id, study_id, series_instance_uid, modality, series_number, instance_count)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
      [tenantId, study!.id, seriesInstanceUid, s.modality, index + 1, s.files.length],
    );
    for (const [number, file] of s.files.entries()) {
      const sopInstanceUid = newUid();
      const bytes = await readFile(`${PYDICOM_FILES}/${file}`);
      const storageKey = imagingStorageKeys.instance(tenantId, studyInstanceUid, seriesInstanceUid, sopInstanceUid);
      await storage.put(storageKey, bytes, 'application/dicom');
      await tenantQuery(
        tenantId,
        `INSERT INTO imaging.instances (tenant_id, study_id, series_id, sop_instance_uid, sop_class_uid, instance_number,
           transfer_syntax_uid, storage_key, size_bytes, pixel_data_encapsulated, metadata)
         VALUES ($1, $2, $3, $4, '1.2.840.10008.5.1.4.1.1.2', $5, '1.2.840.10008.1.2.1', $6, $7, $8, '{}')`,
        [
          tenantId,
          study!.id,
          row!.id,
          sopInstanceUid,
          number + 1,
          storageKey,
          bytes.length,
          /_(RLE|jpeg|j2k)/i.test(file),
        ],
      );
      instances.push({ seriesInstanceUid, sopInstanceUid, storageKey, bytes });
    }
  }
  await tenantQuery(tenantId, `UPDATE imaging.studies SET instance_count = $2, size_bytes = $3 WHERE id = $1`, [
    study!.id,
    instances.length,
    instances.reduce((sum, i) => sum + i.bytes.length, 0),
  ]);
  return { studyId: study!.id, studyInstanceUid, instances };
}
