import { useQuery } from '@tanstack/react-query';
import { REPORTING_API } from '@rayworks/contracts';
import type { z } from 'zod';
import { callApi } from '../../../api/client';
import { queryKeysOf } from '../../../api/queries';

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
