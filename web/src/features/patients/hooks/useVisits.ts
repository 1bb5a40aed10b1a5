import { useQuery } from '@tanstack/react-query';
import { BILLING_API } from '@rayworks/contracts';
import { callApi } from '../../../api/client';
import { billingKeys } from '../../../shared/patients/usePatientRecords';

/** A patient's visits (/registration/patient). */
export function usePatientVisits(patientId: string, enabled: boolean) {
  return useQuery({
    queryKey: billingKeys.record('patient-visits', patientId),
    queryFn: async ({ signal }) =>
      (await callApi(BILLING_API.findPatientRegistrations, { body: { patientId }, signal })).data.items,
    enabled,
  });
}

/** A visit's invoice with its lines, payments, refunds and credit notes (/getbilling). */
export function useVisitBilling(invoiceId: string | undefined) {
  return useQuery({
    queryKey: billingKeys.record('invoices', invoiceId ?? ''),
    queryFn: async ({ signal }) => (await callApi(BILLING_API.getBilling, { body: { id: invoiceId! }, signal })).data,
    enabled: Boolean(invoiceId),
  });
}
