import { useMutation, useQuery, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { CASES_API, IMAGING_API, type Case, type PatientHistoryEntry } from '@rayworks/contracts';
import { callApi, describeError, shownByPolicy, type CallResult } from '../../../api/client';
import { queryKeysOf } from '../../../api/queries';
import { caseKey } from '../../../shared/cases/useCase';
import { useDownload } from '../../../shared/downloads/useStudyDownload';
import { toastError, toastSuccess } from '../../../shared/ui/toast';

/**
 * The case page's reads and changes: the patient's history and studies, the chat, ratings, the shared link and the
 * study's download. A change's hook takes what the panel does after it (onSuccess, onError).
 */
type After<R, V> = Omit<UseMutationOptions<R, Error, V>, 'mutationFn'>;

const historyKey = (caseId: string) => [...caseKey(caseId), 'history'] as const;
export const commentsKey = (caseId: string) => [...caseKey(caseId), 'comments'] as const;
const ratingsKey = (caseId: string) => [...caseKey(caseId), 'ratings'] as const;

/** The patient's history (kept per patient of the company), newest first. */
export function usePatientHistory(caseId: string) {
  return useQuery({
    queryKey: historyKey(caseId),
    retry: false,
    queryFn: async ({ signal }) => (await callApi(CASES_API.findPatientHistory, { body: { caseId }, signal })).data,
  });
}

type Said = CallResult<unknown>;

export const useAddPatientHistory = (caseId: string, after: After<Said, string>) =>
  useMutation({
    mutationFn: (text: string) => callApi(CASES_API.createPatientHistory, { body: { caseId, text } }),
    ...after,
  });

export const useEditPatientHistory = (
  caseId: string,
  after: After<Said, { entry: PatientHistoryEntry; text: string }>,
) =>
  useMutation({
    mutationFn: (e: { entry: PatientHistoryEntry; text: string }) =>
      callApi(CASES_API.updatePatientHistory, {
        body: { caseId, _id: e.entry._id, version: e.entry.version, text: e.text.trim() },
      }),
    ...after,
  });

export const useDeletePatientHistory = (caseId: string, after: After<Said, PatientHistoryEntry>) =>
  useMutation({
    mutationFn: (entry: PatientHistoryEntry) =>
      callApi(CASES_API.deletePatientHistory, { body: { caseId, _id: entry._id } }),
    ...after,
  });

/** The case's chat (/comment/find). */
export function useComments(caseId: string) {
  return useQuery({
    queryKey: commentsKey(caseId),
    retry: false,
    queryFn: async ({ signal }) => (await callApi(CASES_API.findComments, { body: { caseId }, signal })).data,
  });
}

export const useAddComment = (
  caseId: string,
  after: After<Awaited<ReturnType<typeof callApi<typeof CASES_API.addComment>>>['data'], string>,
) =>
  useMutation({
    mutationFn: async (message: string) =>
      (await callApi(CASES_API.addComment, { body: { caseId, text: message } })).data,
    ...after,
  });

/** The ratings of the case's reading. */
export function useRatings(caseId: string) {
  return useQuery({
    queryKey: ratingsKey(caseId),
    retry: false,
    queryFn: async ({ signal }) => (await callApi(CASES_API.findCaseRatings, { body: { caseId }, signal })).data,
  });
}

/** Rates the case's reading (a second rating replaces the first), says so and reads the ratings again. */
export function useRateCase(caseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rating: { stars: number; feedback: string }) =>
      callApi(CASES_API.rateCase, {
        body: { caseId, stars: rating.stars, ...(rating.feedback.trim() ? { feedback: rating.feedback.trim() } : {}) },
      }),
    onSuccess: (r) => {
      toastSuccess(r.message);
      void queryClient.invalidateQueries({ queryKey: ratingsKey(caseId) });
    },
    onError: (error) => {
      if (!shownByPolicy(error)) toastError(describeError(error));
    },
  });
}

/** A shareable, expiring, read-only link to the case (/share/case). */
export const useShareCase = (caseId: string, after: After<Awaited<ReturnType<typeof shareCase>>, number>) =>
  useMutation({ mutationFn: (hours: number) => shareCase(caseId, hours), ...after });
const shareCase = (caseId: string, hours: number) =>
  callApi(CASES_API.shareCase, { body: { caseId, expiresInHours: hours } });

/** A case's shared link as its holder sees it (public: no login). */
export function useSharedCase(token: string) {
  return useQuery({
    queryKey: [...queryKeysOf('cases').kind('shared'), token],
    retry: false,
    queryFn: async ({ signal }) =>
      (await callApi(CASES_API.findShareCase, { body: { token }, signal, context: 'public' })).data,
  });
}

/** The patient's studies in the archive (imaging's /get/studies by patient ID), newest first. */
export function usePatientStudies(c: Pick<Case, 'patientId'>) {
  return useQuery({
    queryKey: [...queryKeysOf('imaging').kind('studies'), 'patient', c.patientId],
    retry: false,
    queryFn: async ({ signal }) =>
      (
        await callApi(IMAGING_API.getStudies, {
          body: { patientId: c.patientId, page: 1, pageSize: 20, sortBy: 'studyDate', sortDir: 'desc' },
          signal,
        })
      ).data,
  });
}

/** The case's study as a zip: /download/initiate (the cases service asks imaging with the caller's credentials). */
export function useCaseDownload(caseId: string) {
  return useDownload({
    start: async () => (await callApi(CASES_API.initiateDownload, { body: { caseId } })).data,
    onStartError: (error) => {
      if (!shownByPolicy(error)) toastError(describeError(error));
    },
  });
}
