import { useQuery } from '@tanstack/react-query';
import { BILLING_API } from '@rayworks/contracts';
import { useParams } from 'react-router-dom';
import { callApi } from '../../../api/client';
import { billingKeys, PATIENTS } from '../../../shared/patients/usePatientRecords';

/** The patient the address names (/patient/get). */
export function usePatient() {
  const { id } = useParams();
  return useQuery({
    queryKey: billingKeys.record(PATIENTS, id ?? ''),
    queryFn: async ({ signal }) => (await callApi(BILLING_API.getPatient, { body: { id: id! }, signal })).data,
    enabled: Boolean(id),
  });
}
