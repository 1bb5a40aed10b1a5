import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { REPORTING_API, type Macro, type ReportTemplate } from '@rayworks/contracts';
import type { z } from 'zod';
import { callApi } from '../../../api/client';
import { queryKeysOf } from '../../../api/queries';
import { toastSuccess } from '../../../shared/ui/toast';

export const reportingKeys = queryKeysOf('reporting');
export const TEMPLATES = 'report-templates';
export const MACROS = 'report-macros';

export type TemplateFilters = z.input<typeof REPORTING_API.findReportTemplates.body>;

/** The templates the caller may see, by the list's filters (POST /reportTemplates/find). */
export function useReportTemplates(filters: TemplateFilters) {
  return useQuery({
    queryKey: [...reportingKeys.kind(TEMPLATES), filters],
    queryFn: async ({ signal }) =>
      (await callApi(REPORTING_API.findReportTemplates, { body: filters, signal })).data.templates,
  });
}

/** The macros the caller may use (POST /macros/find). */
export function useMacros() {
  return useQuery({
    queryKey: reportingKeys.kind(MACROS),
    queryFn: async ({ signal }) => (await callApi(REPORTING_API.findMacros, { body: {}, signal })).data.macros,
  });
}

/** A change of templates or macros: the service's message, then the list read again and what follows. */
function useReportingChange<V>(call: (vars: V) => Promise<{ message: string }>, kind: string, then?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: async ({ message }) => {
      toastSuccess(message);
      await queryClient.invalidateQueries({ queryKey: reportingKeys.kind(kind) });
      then?.();
    },
  });
}

type TemplateBody = z.input<typeof REPORTING_API.createReportTemplate.body>;

/** Adds a template, or saves the one being edited (POST /reportTemplates/create, /update). */
export const useSaveTemplate = (template: ReportTemplate | undefined, then: () => void) =>
  useReportingChange(
    (body: TemplateBody) =>
      template
        ? callApi(REPORTING_API.updateReportTemplate, { body: { id: template.id, ...body } })
        : callApi(REPORTING_API.createReportTemplate, { body }),
    TEMPLATES,
    then,
  );

/** Activating or inactivating a template (ActiveToggle's change, and the list it refreshes). */
export const templateStatus = (id: string) => ({
  change: (isActive: boolean) => callApi(REPORTING_API.setReportTemplateActive, { body: { id, isActive } }),
  invalidate: [reportingKeys.kind(TEMPLATES)],
});

type MacroBody = z.input<typeof REPORTING_API.createMacro.body>;

/** Adds a macro, or saves the one being edited (POST /macros/create, /update). */
export const useSaveMacro = (macro: Macro | undefined, then: () => void) =>
  useReportingChange(
    (body: MacroBody) =>
      macro
        ? callApi(REPORTING_API.updateMacro, { body: { id: macro.id, ...body } })
        : callApi(REPORTING_API.createMacro, { body }),
    MACROS,
    then,
  );

/** Deletes a macro (POST /macros/delete). */
export const useDeleteMacro = () =>
  useReportingChange((id: string) => callApi(REPORTING_API.deleteMacro, { body: { id } }), MACROS);
