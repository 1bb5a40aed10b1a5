import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CONSOLE_ROUTES,
  LAB_TEST_MESSAGES,
  LIMS_API,
  routeTo,
  type LabTest,
  type LabUploadFormat,
  type LabUploadKind,
  type Measurement,
} from '@rayworks/contracts';
import { useNavigate } from 'react-router-dom';
import { ApiCallError, callApi } from '../../../api/client';
import { pageFetcher, queryKeysOf } from '../../../api/queries';
import { useRecordMutation } from '../../../shared/directory/useRecordMutation';
import type { LabTestBody } from './lab-definition';

export const limsKeys = queryKeysOf('lims');
export const LAB_TESTS = 'lab-tests';
export const MEASUREMENTS = 'measurements';

export const fetchMeasurementsPage = pageFetcher<Measurement>(LIMS_API.findMeasurements);

/** The lab definition of billing's test code; null when the laboratory has not defined it yet (404). */
export function useLabTest(code: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: limsKeys.record(LAB_TESTS, code ?? ''),
    queryFn: async ({ signal }): Promise<LabTest | null> => {
      try {
        return (await callApi(LIMS_API.getLabTest, { body: { code: code! }, signal })).data;
      } catch (error) {
        if (error instanceof ApiCallError && error.status === 404) return null;
        throw error;
      }
    },
    enabled: enabled && Boolean(code),
  });
}

/** /labtest/create (not defined yet) or /labtest/update, then the test's page. */
export function useSaveLabTest(defined: boolean, testId: string) {
  const navigate = useNavigate();
  return useRecordMutation({
    call: async (body: LabTestBody) =>
      defined
        ? (await callApi(LIMS_API.updateLabTest, { body })).data
        : (await callApi(LIMS_API.createLabTest, { body })).data,
    message: defined ? LAB_TEST_MESSAGES.updated : LAB_TEST_MESSAGES.created,
    refresh: [LAB_TESTS, MEASUREMENTS],
    keys: limsKeys,
    then: () => navigate(routeTo(CONSOLE_ROUTES.testsView, { id: testId })),
  });
}

/** Reads a file as base64 (the upload's body carries the file's bytes). */
async function base64Of(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

export const formatOf = (file: File): LabUploadFormat | null =>
  /\.xlsx$/i.test(file.name) ? 'xlsx' : /\.csv$/i.test(file.name) ? 'csv' : null;

/** /labtest/upload of a tests or measurements file: all or nothing (a 400 names every bad row). */
export function useLabUpload(kind: LabUploadKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ file, format }: { file: File; format: LabUploadFormat }) =>
      await callApi(LIMS_API.uploadLabCatalogue, {
        body: { kind, format, fileName: file.name, content: await base64Of(file) },
      }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: limsKeys.all() });
    },
  });
}
