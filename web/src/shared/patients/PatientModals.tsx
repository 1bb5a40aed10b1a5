import { Alert, Anchor, Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { BILLING_API, GENDERS, patientInputSchema, PATIENT_FIELDS as F, type Patient } from '@rayworks/contracts';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { UseFormReturnType } from '@mantine/form';
import type { z } from 'zod';
import { Link } from 'react-router-dom';
import { CentreSelect } from '../forms/CentreSelect';
import { DateField } from '../forms/DateField';
import { DynamicField } from '../forms/DynamicField';
import { useDynamicForm } from '../forms/useDynamicForm';
import { useSession } from '../session/useSession';
import { formatDisplayDate } from '../format';
import {
  CENTRE_LABEL,
  localToday,
  patientBody,
  patientExtraChecks,
  patientValues,
  type NewPatientBody,
  type PatientValues,
} from './patient-form';
import { patientPath, useRegisterPatient, useUpdatePatient, type DuplicateWarning } from './usePatientRecords';
import { TableScrollRegion } from '../../shared/ui/TableScrollRegion';

type UpdateBody = z.output<typeof BILLING_API.updatePatient.body>;

const GENDER_OPTIONS = GENDERS.map((g) => ({ value: g, label: g }));

/** The patient's fields (spec §3 patient info), rendered from PATIENT_FIELDS; the centre only for a new patient. */
function PatientFields({ form, isNew }: { form: UseFormReturnType<PatientValues>; isNew: boolean }) {
  return (
    <Stack gap="sm">
      {isNew ? (
        <CentreSelect
          label={CENTRE_LABEL}
          withAsterisk
          value={form.values.centreId}
          onChange={(value) => form.setFieldValue('centreId', value)}
          error={form.errors.centreId}
          testId="field-centreId"
        />
      ) : null}
      <DynamicField field={F.patientName} form={form} autoFocus />
      <Group grow align="flex-start" gap="sm" wrap="wrap">
        <DynamicField field={F.gender} form={form} options={GENDER_OPTIONS} />
        <DynamicField field={F.phoneNumber} form={form} description="10 digits, without +91" />
      </Group>
      <Group grow align="flex-start" gap="sm" wrap="wrap">
        <DateField field={F.dateOfBirth} form={form} max={localToday()} />
        <DynamicField
          field={F.ageYears}
          form={form}
          disabled={form.values.dateOfBirth !== ''}
          description={
            form.values.dateOfBirth !== '' ? 'From the date of birth' : 'When the date of birth is not known'
          }
        />
      </Group>
    </Stack>
  );
}

function ModalActions({
  saving,
  label,
  onCancel,
  testId,
}: {
  saving: boolean;
  label: string;
  onCancel: () => void;
  testId: string;
}) {
  return (
    <Group justify="flex-end" gap="sm" mt="md">
      <Button variant="default" onClick={onCancel} disabled={saving}>
        Cancel
      </Button>
      <Button type="submit" loading={saving} data-testid={testId}>
        {label}
      </Button>
    </Group>
  );
}

/**
 * Add Patient (/patient/create): the centre (the desk's own when it has one), the patient's details, then the
 * duplicate warning when a record of the same person exists.
 */
export function AddPatientModal({ onClose, onAdded }: { onClose: () => void; onAdded: (patient: Patient) => void }) {
  const { profile } = useSession();
  const own = profile?.centerID ?? [];
  const { form, onSubmit } = useDynamicForm<PatientValues, NewPatientBody>({
    fields: Object.values(F),
    initialValues: patientValues(undefined, own.length === 1 ? own[0]! : null),
    extraValidate: (v) => patientExtraChecks(v, true),
    bodySchema: patientInputSchema,
    toBody: (v) => ({ ...patientBody(v), centreId: v.centreId ?? '', allowDuplicate: false }),
  });
  const register = useRegisterPatient(onAdded);
  return (
    <>
      <Modal
        closeButtonProps={{ 'aria-label': 'Close' }}
        opened={register.warning === null}
        onClose={onClose}
        title="Add Patient"
        size="lg"
        centered
        data-testid="patient-modal"
      >
        <form noValidate onSubmit={onSubmit((body) => register.submit(body))} data-testid="patient-form">
          <PatientFields form={form} isNew />
          <ModalActions saving={register.saving} label="Add Patient" onCancel={onClose} testId="patient-form-submit" />
        </form>
      </Modal>
      {register.warning ? (
        <DuplicatePatientsModal
          warning={register.warning}
          saving={register.saving}
          onConfirm={register.confirm}
          onBack={register.dismiss}
        />
      ) : null}
    </>
  );
}

/** Edit Patient (/patient/update): the same fields; the centre and the MR number never change. */
export function EditPatientModal({ patient, onClose }: { patient: Patient; onClose: () => void }) {
  const { form, onSubmit } = useDynamicForm<PatientValues, UpdateBody>({
    fields: Object.values(F),
    initialValues: patientValues(patient),
    extraValidate: (v) => patientExtraChecks(v, false),
    bodySchema: BILLING_API.updatePatient.body,
    toBody: (v) => ({ ...patientBody(v), id: patient._id }),
  });
  const save = useUpdatePatient(onClose);
  return (
    <Modal
      closeButtonProps={{ 'aria-label': 'Close' }}
      opened
      onClose={onClose}
      title={`Edit ${patient.patientName}`}
      size="lg"
      centered
      data-testid="patient-modal"
    >
      <form noValidate onSubmit={onSubmit((body) => save.mutate(body))} data-testid="patient-form">
        <PatientFields form={form} isNew={false} />
        <ModalActions saving={save.isPending} label="Save Patient" onCancel={onClose} testId="patient-form-submit" />
      </form>
    </Modal>
  );
}

/** The records that may be the same person, by MR number: open one, or register the new patient anyway. */
function DuplicatePatientsModal({
  warning,
  saving,
  onConfirm,
  onBack,
}: {
  warning: DuplicateWarning;
  saving: boolean;
  onConfirm: () => void;
  onBack: () => void;
}) {
  return (
    <Modal
      closeButtonProps={{ 'aria-label': 'Close' }}
      opened
      onClose={onBack}
      title="Already registered?"
      size="lg"
      centered
      data-testid="patient-duplicates"
    >
      <Stack gap="md">
        <Alert
          color="yellow"
          variant="light"
          icon={<IconAlertTriangle size={18} />}
          data-testid="patient-duplicates-message"
        >
          {warning.message}
        </Alert>
        {warning.duplicates.length > 0 ? (
          <TableScrollRegion label="Records of the same person" minWidth={480}>
            <Table fz="sm" verticalSpacing={6}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>MR No.</Table.Th>
                  <Table.Th>Patient Name</Table.Th>
                  <Table.Th>Phone Number</Table.Th>
                  <Table.Th>Registered</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {warning.duplicates.map((p) => (
                  <Table.Tr key={p._id} data-testid="patient-duplicate">
                    <Table.Td>
                      <Anchor component={Link} to={patientPath(p)} fz="sm">
                        {p.mrID}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{p.patientName}</Table.Td>
                    <Table.Td>{p.phoneNumber}</Table.Td>
                    <Table.Td>{formatDisplayDate(p.createdAt)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScrollRegion>
        ) : null}
        <Text size="sm" c="dimmed">
          Open the existing record to use it, or register a new record for a different person.
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onBack} disabled={saving} data-testid="patient-duplicates-back">
            Back to the form
          </Button>
          <Button onClick={onConfirm} loading={saving} data-testid="patient-register-anyway">
            Register anyway
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
