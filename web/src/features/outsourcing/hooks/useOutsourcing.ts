import {
  LIMS_API,
  OUTSOURCING_MESSAGES,
  type Analyzer,
  type LabTestSummary,
  type Manifest,
  type ManifestDetail,
  type OutsourcingLab,
} from '@rayworks/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../api/client';
import { pageFetcher, queryKeysOf } from '../../../api/queries';
import { useRecordMutation } from '../../../shared/directory/useRecordMutation';
import { toastSuccess } from '../../../shared/ui/toast';

const M = OUTSOURCING_MESSAGES;
export const limsKeys = queryKeysOf('lims');
export const OUTSOURCING_LABS = 'outsourcing-labs';
export const MANIFESTS = 'manifests';

export const fetchLabsPage = pageFetcher<OutsourcingLab>(LIMS_API.findOutsourcingLabs);
export const fetchManifestsPage = pageFetcher<Manifest>(LIMS_API.findManifests);

/** What the lab drawer edits. */
export interface LabForm {
  name: string;
  code: string;
  contactPerson: string;
  email: string;
  phone: string;
  address: string;
  analyzerId: string | null;
  tests: { testCode: string; turnaroundHours: number }[];
}

export const labFormOf = (lab: OutsourcingLab | null): LabForm => ({
  name: lab?.name ?? '',
  code: lab?.code ?? '',
  contactPerson: lab?.contactPerson ?? '',
  email: lab?.email ?? '',
  phone: lab?.phone ?? '',
  address: lab?.address ?? '',
  analyzerId: lab?.analyzerId ?? null,
  tests: lab?.tests.map((t) => ({ testCode: t.testCode, turnaroundHours: t.turnaroundHours })) ?? [],
});

/** Adds a lab, or saves the one being edited (/outsourcing-labs/create, /update). */
export function useSaveLab(id: string | null, onSaved: () => void) {
  return useRecordMutation({
    call: (body: LabForm) =>
      id
        ? callApi(LIMS_API.updateOutsourcingLab, { body: { ...body, id } })
        : callApi(LIMS_API.createOutsourcingLab, { body }),
    message: id ? M.lab.updated : M.lab.created,
    refresh: [OUTSOURCING_LABS],
    keys: limsKeys,
    then: onSaved,
  });
}

/** Activating or inactivating a lab, as ActiveToggle takes it. */
export const labStatus = (id: string) => ({
  change: (isActive: boolean) => callApi(LIMS_API.outsourcingLabStatus, { body: { id, isActive } }),
  invalidate: [limsKeys.kind(OUTSOURCING_LABS)],
});

/** The lab catalogue's tests a lab may perform (first 100 by code) and the company's analyzers it may be linked to. */
export function useLabChoices() {
  const tests = useQuery({
    queryKey: limsKeys.list('lab-tests-choice'),
    queryFn: async (): Promise<LabTestSummary[]> =>
      (await callApi(LIMS_API.findLabTests, { body: { pageSize: 100, sortBy: 'code' } })).data.items,
  });
  const analyzers = useQuery({
    queryKey: limsKeys.list('analyzers-choice'),
    queryFn: async (): Promise<Analyzer[]> =>
      (await callApi(LIMS_API.findAnalyzers, { body: { pageSize: 100, sortBy: 'name', isActive: true } })).data.items,
  });
  return { tests: tests.data ?? [], analyzers: analyzers.data ?? [], loading: tests.isPending };
}

/** Every active lab, for the new manifest's choice. */
export function useActiveLabs() {
  return useQuery({
    queryKey: [...limsKeys.list(OUTSOURCING_LABS), 'active'],
    queryFn: async () =>
      (await callApi(LIMS_API.findOutsourcingLabs, { body: { pageSize: 100, sortBy: 'name', isActive: true } })).data
        .items,
  });
}

/** The accepted samples a lab could be sent (on no open manifest, with orders it performs). */
export function useCandidates(labId: string | null) {
  return useQuery({
    queryKey: [...limsKeys.list(MANIFESTS), 'candidates', labId],
    enabled: labId !== null,
    queryFn: async () => (await callApi(LIMS_API.findManifestCandidates, { body: { labId: labId! } })).data.items,
  });
}

export function useManifest(id: string) {
  return useQuery({
    queryKey: limsKeys.record(MANIFESTS, id),
    queryFn: async () => (await callApi(LIMS_API.getManifest, { body: { id } })).data,
  });
}

/** Puts the chosen samples on a new manifest; the message names its number. */
export function useCreateManifest(onSaved: (m: ManifestDetail) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: { labId: string; sampleIds: string[] }) =>
      (await callApi(LIMS_API.createManifest, { body })).data,
    onSuccess: async (m) => {
      toastSuccess(M.manifestCreated(m.number));
      await queryClient.invalidateQueries({ queryKey: limsKeys.kind(MANIFESTS) });
      onSaved(m);
    },
  });
}

export type ManifestMove = 'dispatch' | 'receive' | 'cancel';

const MOVE_MESSAGES: Record<ManifestMove, string> = {
  dispatch: M.dispatched,
  receive: M.received,
  cancel: M.cancelled,
};

/** Dispatches (with the courier and tracking note), marks received or cancels a manifest, with the version read. */
export function useMoveManifest(move: ManifestMove, onSaved: () => void) {
  return useRecordMutation({
    call: (v: { id: string; version: number; courier?: string; trackingNote?: string }) =>
      move === 'dispatch'
        ? callApi(LIMS_API.dispatchManifest, {
            body: { id: v.id, version: v.version, courier: v.courier ?? '', trackingNote: v.trackingNote ?? '' },
          })
        : callApi(move === 'receive' ? LIMS_API.receiveManifest : LIMS_API.cancelManifest, {
            body: { id: v.id, version: v.version },
          }),
    message: MOVE_MESSAGES[move],
    refresh: [MANIFESTS],
    keys: limsKeys,
    then: onSaved,
  });
}
