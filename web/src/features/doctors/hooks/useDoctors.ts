import { useRecordMutation } from '../../../shared/directory/useRecordMutation';
import { recordStatus } from '../../../shared/directory/record-status';
import { useQuery } from '@tanstack/react-query';
import { adminMessages, AUTH_API, CONSOLE_ROUTES, type Doctor, routeTo } from '@rayworks/contracts';
import { useNavigate, useParams } from 'react-router-dom';
import { callApi } from '../../../api/client';
import { queryKeys } from '../../../api/queries';
import { type DoctorBody } from '../components/DoctorForm';

export const DOCTORS = 'doctors';

export const doctorPath = (d: Pick<Doctor, '_id' | 'profileID'>, kind: 'view' | 'edit') =>
  routeTo(kind === 'edit' ? CONSOLE_ROUTES.doctorsEdit : CONSOLE_ROUTES.doctorsView, {
    id: d._id,
    profileID: d.profileID,
  });

export function useDoctor() {
  const { id, profileID } = useParams();
  return useQuery({
    queryKey: queryKeys.record(DOCTORS, `${id}/${profileID}`),
    queryFn: async ({ signal }) =>
      (await callApi(AUTH_API.getDoctorById, { body: { id: id!, profileID: profileID! }, signal })).data,
    enabled: Boolean(id && profileID),
  });
}

export function useSaveDoctor(id?: string) {
  const navigate = useNavigate();
  return useRecordMutation({
    call: async (body: DoctorBody) =>
      id
        ? (await callApi(AUTH_API.updateDoctor, { body: { ...body, id } })).data
        : (await callApi(AUTH_API.createDoctor, { body })).data,
    message: id ? adminMessages('Doctor').updated : adminMessages('Doctor').created,
    refresh: [DOCTORS],
    then: (doctor) => navigate(doctorPath(doctor, 'view')),
  });
}

/** Activating or inactivating a doctor. */
export const doctorStatus = recordStatus(AUTH_API.doctorStatus, DOCTORS);
