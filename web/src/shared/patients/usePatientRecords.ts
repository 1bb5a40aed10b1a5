import { useMutation } from '@tanstack/react-query';
import { BILLING_API, CONSOLE_ROUTES, PATIENT_MESSAGES, routeTo, type Patient } from '@rayworks/contracts';
import { useState } from 'react';
import type { z } from 'zod';
import { callApi } from '../../api/client';
import { pageFetcher, queryKeysOf } from '../../api/queries';
import { useRecordMutation } from '../directory/useRecordMutation';
import { confirmedBody, duplicateWarning, isDuplicateConflict, type NewPatientBody } from './patient-form';

/** The billing service's records in the query cache. */
export const billingKeys = queryKeysOf('billing');
export const PATIENTS = 'patients';

export const fetchPatientsPage = pageFetcher<Patient>(BILLING_API.findPatients);

/**
 * The billingID of a patient's details address when no visit is chosen (the patient list knows none): the page opens
 * on the patient's latest visit (docs/decisions/0270-patient-screens.md).
 */
export const LATEST_VISIT = 'latest';

/** /patients/list/patientDetails/{id}/billingID/{billingId} */
export const patientPath = (patient: Pick<Patient, '_id'>, billingId: string = LATEST_VISIT): string =>
  routeTo(CONSOLE_ROUTES.patientDetails, { id: patient._id, billingId });

type PatientUpdateBody = z.input<typeof BILLING_API.updatePatient.body>;

/** A correction of a patient's details (/patient/update). */
export function useUpdatePatient(then: (patient: Patient) => void) {
  return useRecordMutation({
    call: async (body: PatientUpdateBody) => (await callApi(BILLING_API.updatePatient, { body })).data,
    message: PATIENT_MESSAGES.updated,
    refresh: [PATIENTS],
    keys: billingKeys,
    then,
  });
}

/** Records that may be the same person as the one the desk is registering, and the warning that names them. */
export interface DuplicateWarning {
  body: NewPatientBody;
  /** The records found (empty when only the server's 409 told, e.g. a record made a moment ago at another desk). */
  duplicates: Patient[];
  message: string;
}

/**
 * Registering a patient at the desk: the records of the same person (centre, name, phone, birth date) are looked up
 * first (/patient/duplicates); when there are any, the desk sees them and either opens one or confirms 'Register
 * anyway' (allowDuplicate). A 409 from /patient/create (another desk was quicker) opens the same warning with the
 * server's message, which names the MR numbers.
 */
export function useRegisterPatient(then: (patient: Patient) => void) {
  const [warning, setWarning] = useState<DuplicateWarning | null>(null);
  const create = useRecordMutation({
    call: async (body: NewPatientBody) => (await callApi(BILLING_API.createPatient, { body })).data,
    message: PATIENT_MESSAGES.created,
    refresh: [PATIENTS],
    keys: billingKeys,
    first: () => setWarning(null),
    then,
  });
  const check = useMutation({
    mutationFn: async (body: NewPatientBody) =>
      (
        await callApi(BILLING_API.findDuplicatePatients, {
          body: {
            centreId: body.centreId,
            patientName: body.patientName,
            phoneNumber: body.phoneNumber,
            dateOfBirth: body.dateOfBirth ?? null,
          },
        })
      ).data.duplicates,
  });

  const createOrWarn = (body: NewPatientBody) =>
    create.mutate(body, {
      onError: (error) => {
        if (isDuplicateConflict(error)) setWarning({ body, duplicates: [], message: error.message });
      },
    });

  return {
    warning,
    saving: check.isPending || create.isPending,
    submit: (body: NewPatientBody) =>
      check.mutate(body, {
        onSuccess: (duplicates) =>
          duplicates.length > 0
            ? setWarning({ body, duplicates, message: duplicateWarning(duplicates) })
            : createOrWarn(body),
      }),
    /** 'Register anyway'. */
    confirm: () => {
      if (warning) createOrWarn(confirmedBody(warning.body));
    },
    dismiss: () => setWarning(null),
  };
}
