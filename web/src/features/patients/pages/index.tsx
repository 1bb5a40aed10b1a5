import { Alert, Anchor, Button, Group, Text } from '@mantine/core';
import { CONSOLE_ROUTES, GENERIC, PATIENT_MESSAGES, type Patient } from '@rayworks/contracts';
import { IconPencil, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router-dom';
import { useCan } from '../../../shared/hooks/useCan';
import { formatDisplayDate, formatDisplayDateTime } from '../../../shared/format';
import { DetailGrid } from '../../../shared/ui/DetailGrid';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { QueryState } from '../../../shared/ui/QueryState';
import { ServerTable, type Column } from '../../../shared/ui/ServerTable';
import { AddPatientModal, EditPatientModal } from '../../../shared/patients/PatientModals';
import { ageAndGender, formatBirthDate } from '../../../shared/patients/patient-form';
import { billingKeys, fetchPatientsPage, PATIENTS, patientPath } from '../../../shared/patients/usePatientRecords';
import { usePatient } from '../hooks/usePatient';
import { VisitsPanel } from '../components/VisitsPanel';

const COLUMNS: Column<Patient>[] = [
  {
    key: 'patientName',
    label: 'Patient',
    sortKey: 'patientName',
    render: (p) => (
      <div>
        <Text size="sm" fw={500}>
          {p.patientName}
        </Text>
        <Text size="xs" c="dimmed">
          {ageAndGender(p)}
        </Text>
      </div>
    ),
  },
  {
    key: 'mrID',
    label: 'MR No.',
    sortKey: 'mrID',
    render: (p) => (
      <Text size="sm" ff="monospace">
        {p.mrID}
      </Text>
    ),
  },
  { key: 'phoneNumber', label: 'Phone Number', render: (p) => p.phoneNumber },
  { key: 'dateOfBirth', label: 'Date of Birth', render: (p) => formatBirthDate(p.dateOfBirth) },
  { key: 'createdAt', label: 'Registered', sortKey: 'createdAt', render: (p) => formatDisplayDate(p.createdAt) },
];

/** /patients: the patients' screens start at the list. */
export function PatientsHomePage() {
  return <Navigate to={CONSOLE_ROUTES.patientsList} replace />;
}

/** /patients/list: search as you type by name, phone number or MR number; add a patient. */
export function PatientsPage() {
  const navigate = useNavigate();
  const can = useCan();
  const [adding, setAdding] = useState(false);
  return (
    <>
      <PageHeader
        title="Patients"
        description="Find a patient by name, phone number or MR number."
        actions={
          can('PATIENTS', GENERIC.CREATE) ? (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)} data-testid="patients-add">
              Add Patient
            </Button>
          ) : null
        }
      />
      <ServerTable
        id="patients"
        queryKey={billingKeys.list(PATIENTS)}
        fetchPage={fetchPatientsPage}
        columns={COLUMNS}
        rowKey={(p) => p._id}
        searchPlaceholder="Search by name, phone or MR No."
        defaultSort={{ sortBy: 'createdAt', sortDir: 'desc' }}
        onRowClick={(p) => navigate(patientPath(p))}
        emptyText={PATIENT_MESSAGES.notFound}
        noMatchText={PATIENT_MESSAGES.notFound}
      />
      {adding ? (
        <AddPatientModal onClose={() => setAdding(false)} onAdded={(patient) => navigate(patientPath(patient))} />
      ) : null}
    </>
  );
}

/** /patients/list/patientDetails/{id}/billingID/{billingId}: the patient's record. */
export function PatientDetailsPage() {
  const can = useCan();
  const query = usePatient();
  const { billingId } = useParams();
  const [editing, setEditing] = useState(false);
  return (
    <QueryState query={query}>
      {(patient) => (
        <>
          <PageHeader
            title={patient.patientName}
            description={
              <>
                MR No.{' '}
                <Text span ff="monospace" size="sm" fw={600} c="var(--mantine-color-text)" data-testid="patient-mr">
                  {patient.mrID}
                </Text>{' '}
                · {ageAndGender(patient)}
              </>
            }
            crumbs={[{ label: 'Patients', to: CONSOLE_ROUTES.patientsList }, { label: patient.patientName }]}
            actions={
              can('PATIENTS', GENERIC.EDIT) && patient.mergedInto === null ? (
                <Button
                  variant="default"
                  leftSection={<IconPencil size={16} />}
                  onClick={() => setEditing(true)}
                  data-testid="patient-edit"
                >
                  Edit
                </Button>
              ) : null
            }
          />
          {patient.mergedInto ? (
            <Alert color="gray" variant="light" mb="md" data-testid="patient-merged">
              <Group gap={6}>
                <span>This record was merged into another patient and is read only.</span>
                <Anchor component={Link} to={patientPath({ _id: patient.mergedInto })}>
                  Open that patient
                </Anchor>
              </Group>
            </Alert>
          ) : null}
          <DetailGrid
            details={[
              { label: 'MR No.', value: patient.mrID, testId: 'patient-detail-mrID' },
              { label: 'Patient Name', value: patient.patientName, testId: 'patient-detail-patientName' },
              { label: 'Gender', value: patient.gender, testId: 'patient-detail-gender' },
              {
                label: 'Age',
                value: patient.age === null ? null : `${patient.age} years`,
                testId: 'patient-detail-age',
              },
              {
                label: 'Date of Birth',
                value: patient.dateOfBirth ? formatBirthDate(patient.dateOfBirth) : null,
                testId: 'patient-detail-dateOfBirth',
              },
              { label: 'Phone Number', value: patient.phoneNumber, testId: 'patient-detail-phoneNumber' },
              { label: 'Registered', value: formatDisplayDateTime(patient.createdAt) },
              { label: 'Updated', value: formatDisplayDateTime(patient.updatedAt) },
            ]}
          />
          <VisitsPanel
            patient={patient}
            billingId={billingId}
            mayBill={can('BILLING', GENERIC.VIEW)}
            mayRegister={can('PATIENTS', GENERIC.CREATE) && can('BILLING', GENERIC.CREATE)}
          />
          {editing ? <EditPatientModal patient={patient} onClose={() => setEditing(false)} /> : null}
        </>
      )}
    </QueryState>
  );
}
