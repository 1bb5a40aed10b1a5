import { Text } from '@mantine/core';
import { AUTH_API, CONSOLE_ROUTES, type Doctor, GENERIC } from '@rayworks/contracts';
import { useNavigate } from 'react-router-dom';
import { pageFetcher, queryKeys } from '../../../api/queries';
import { useCan } from '../../../shared/hooks/useCan';
import { formatDisplayDateTime } from '../../../shared/format';
import { ActiveToggle } from '../../../shared/ui/ActiveToggle';
import { DetailGrid } from '../../../shared/ui/DetailGrid';
import { AddLink } from '../../../shared/ui/AddLink';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { QueryState } from '../../../shared/ui/QueryState';
import { ServerTable, type Column } from '../../../shared/ui/ServerTable';
import { StatusBadge } from '../../../shared/ui/StatusBadge';
import { DoctorForm } from '../components/DoctorForm';
import { EditLink } from '../../../shared/ui/EditLink';
import { DOCTORS, doctorPath, doctorStatus, useDoctor, useSaveDoctor } from '../hooks/useDoctors';

const fetchDoctorsPage = pageFetcher<Doctor>(AUTH_API.getDoctors);

const COLUMNS: Column<Doctor>[] = [
  {
    key: 'name',
    label: 'Doctor',
    sortKey: 'name',
    render: (d) => (
      <div>
        <Text size="sm" fw={500}>
          {d.fullName}
        </Text>
        <Text size="xs" c="dimmed">
          {d.qualificationName ?? ''}
        </Text>
      </div>
    ),
  },
  { key: 'specialization', label: 'Specialization', sortKey: 'specialization', render: (d) => d.specialization ?? '—' },
  { key: 'registration', label: 'Registration No.', render: (d) => d.registrationNumber ?? '—' },
  { key: 'email', label: 'Email', render: (d) => d.email ?? '—' },
  { key: 'phone', label: 'Phone', render: (d) => d.phoneNumber ?? '—' },
  { key: 'status', label: 'Status', render: (d) => <StatusBadge active={d.isActive} /> },
];

/** /doctors */
export function DoctorsPage() {
  const navigate = useNavigate();
  const can = useCan();
  return (
    <>
      <PageHeader
        title="Doctors"
        description="Referring and reporting doctors with their qualifications."
        actions={
          <AddLink to={CONSOLE_ROUTES.doctorsAdd} allowed={can('DOCTOR', GENERIC.CREATE)} testId="doctors-add">
            Add Doctor
          </AddLink>
        }
      />
      <ServerTable
        id="doctors"
        queryKey={queryKeys.list(DOCTORS)}
        fetchPage={fetchDoctorsPage}
        columns={COLUMNS}
        rowKey={(d) => d._id}
        searchPlaceholder="Search doctors by name, specialization or registration number"
        defaultSort={{ sortBy: 'name', sortDir: 'asc' }}
        activeFilter
        onRowClick={(d) => navigate(doctorPath(d, 'view'))}
        emptyText="No doctors yet."
      />
    </>
  );
}

/** /doctors/add */
export function AddDoctorPage() {
  const save = useSaveDoctor();
  return (
    <>
      <PageHeader
        title="Add Doctor"
        crumbs={[{ label: 'Doctors', to: CONSOLE_ROUTES.doctors }, { label: 'Add Doctor' }]}
      />
      <DoctorForm saving={save.isPending} onSave={(body) => save.mutate(body)} cancelTo={CONSOLE_ROUTES.doctors} />
    </>
  );
}

/** /doctors/edit/{id}/profileID/{profileID} */
export function EditDoctorPage() {
  const query = useDoctor();
  const save = useSaveDoctor(query.data?._id);
  return (
    <QueryState query={query}>
      {(doctor) => (
        <>
          <PageHeader
            title={`Edit ${doctor.fullName}`}
            crumbs={[
              { label: 'Doctors', to: CONSOLE_ROUTES.doctors },
              { label: doctor.fullName, to: doctorPath(doctor, 'view') },
              { label: 'Edit' },
            ]}
          />
          <DoctorForm
            key={doctor.updatedAt}
            doctor={doctor}
            saving={save.isPending}
            onSave={(body) => save.mutate(body)}
            cancelTo={doctorPath(doctor, 'view')}
          />
        </>
      )}
    </QueryState>
  );
}

/** /doctors/view/{id}/profileID/{profileID} */
export function DoctorViewPage() {
  const can = useCan();
  const query = useDoctor();
  return (
    <QueryState query={query}>
      {(doctor) => (
        <>
          <PageHeader
            title={doctor.fullName}
            badge={<StatusBadge active={doctor.isActive} />}
            crumbs={[{ label: 'Doctors', to: CONSOLE_ROUTES.doctors }, { label: doctor.fullName }]}
            actions={
              <>
                <ActiveToggle
                  entity="Doctor"
                  name={doctor.fullName}
                  active={doctor.isActive}
                  allowed={can('DOCTOR', GENERIC.ISACTIVE)}
                  {...doctorStatus(doctor._id)}
                  testId="doctor-active-toggle"
                  withLabel
                />
                <EditLink allowed={can('DOCTOR', GENERIC.EDIT)} to={doctorPath(doctor, 'edit')} testId="doctor-edit" />
              </>
            }
          />
          <DetailGrid
            details={[
              { label: 'Qualification', value: doctor.qualificationName },
              { label: 'Specialization', value: doctor.specialization },
              { label: 'Registration Number', value: doctor.registrationNumber },
              { label: 'Department', value: doctor.departmentName, testId: 'doctor-department' },
              {
                label: 'Centres',
                value: doctor.centerNames.length ? doctor.centerNames.join(', ') : 'All centres',
                testId: 'doctor-centres',
              },
              { label: 'Email', value: doctor.email },
              { label: 'Phone Number', value: doctor.phoneNumber },
              {
                label: 'Profile ID',
                value: (
                  <Text size="xs" ff="monospace">
                    {doctor.profileID}
                  </Text>
                ),
              },
              { label: 'Created', value: formatDisplayDateTime(doctor.createdAt) },
              { label: 'Updated', value: formatDisplayDateTime(doctor.updatedAt) },
            ]}
          />
        </>
      )}
    </QueryState>
  );
}
