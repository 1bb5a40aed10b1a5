import { z } from 'zod';
import { WORKLIST, requirement } from '../access/privileges.js';
import { endpoint as ep, listQuery, pageOf } from '../api/endpoint.js';
import { studySchema } from './entities.js';

/**
 * The archive page's list: the studies of the caller's centres, searched with QIDO-RS's matching (the same query
 * code answers /dicomweb/studies): PatientName with * and ? wildcards, PatientID, AccessionNumber, a StudyDate
 * range (DICOM DA, YYYYMMDD), a modality.
 */
export const IMAGING_STUDY_ENDPOINTS = {
  getStudies: ep({
    method: 'POST',
    path: '/get/studies',
    access: requirement('WORKLIST', WORKLIST.VIEW),
    body: listQuery({
      sortBy: ['studyDate', 'patientName', 'createdAt', 'sizeBytes'],
      filters: {
        patientName: z.string().trim().max(64).optional(),
        patientId: z.string().trim().max(64).optional(),
        accessionNumber: z.string().trim().max(64).optional(),
        studyDateFrom: z
          .string()
          .regex(/^\d{8}$/)
          .optional(),
        studyDateTo: z
          .string()
          .regex(/^\d{8}$/)
          .optional(),
        modality: z.string().trim().max(16).optional(),
      },
    }),
    data: pageOf(studySchema),
  }),
} as const;
