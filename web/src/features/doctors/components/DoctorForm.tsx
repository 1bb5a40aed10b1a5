import {
  AUTH_API,
  doctorInputSchema,
  type Centre,
  type Department,
  type Doctor,
  DOCTOR_FIELDS as F,
} from '@rayworks/contracts';
import type { z } from 'zod';
import { pageFetcher } from '../../../api/queries';
import { DynamicField } from '../../../shared/forms/DynamicField';
import { RemoteMultiSelect, RemoteSelect } from '../../../shared/forms/RemoteSelect';
import { text, textOrNull, useDynamicForm } from '../../../shared/forms/useDynamicForm';
import { FormCard, FormSection } from '../../../shared/ui/FormCard';
import { centreOption, fetchCentresPage } from '../../../shared/directory/useCenters';

interface Values extends Record<string, unknown> {
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  qualificationName: string;
  specialization: string;
  registrationNumber: string;
  departmentID: string | null;
  centerID: string[];
}

export type DoctorBody = z.output<typeof doctorInputSchema>;
const fetchDepartments = pageFetcher<Department>(AUTH_API.getDepartments);

/** Add or edit a doctor (referring or reporting): person, qualification, department and centres. */
export function DoctorForm({
  doctor,
  saving,
  onSave,
  cancelTo,
}: {
  doctor?: Doctor;
  saving: boolean;
  onSave: (body: DoctorBody) => void;
  cancelTo: string;
}) {
  const { form, onSubmit } = useDynamicForm({
    fields: Object.values(F),
    initialValues: {
      firstName: doctor?.firstName ?? '',
      lastName: doctor?.lastName ?? '',
      email: doctor?.email ?? '',
      phoneNumber: doctor?.phoneNumber ?? '',
      qualificationName: doctor?.qualificationName ?? '',
      specialization: doctor?.specialization ?? '',
      registrationNumber: doctor?.registrationNumber ?? '',
      departmentID: doctor?.departmentID ?? null,
      centerID: doctor?.centerID ?? [],
    } as Values,
    bodySchema: doctorInputSchema,
    toBody: (v: Values) => ({
      firstName: text(v.firstName),
      lastName: text(v.lastName),
      email: textOrNull(v.email),
      phoneNumber: textOrNull(v.phoneNumber),
      qualificationName: textOrNull(v.qualificationName),
      specialization: textOrNull(v.specialization),
      registrationNumber: textOrNull(v.registrationNumber),
      departmentID: v.departmentID,
      centerID: v.centerID,
    }),
  });
  return (
    <FormCard
      testId="doctor-form"
      onSubmit={onSubmit((body) => onSave(body))}
      submitLabel={doctor ? 'Save Doctor' : 'Add Doctor'}
      saving={saving}
      cancelTo={cancelTo}
    >
      <FormSection title="Doctor">
        <DynamicField field={F.firstName} form={form} autoFocus />
        <DynamicField field={F.lastName} form={form} />
        <DynamicField field={F.email} form={form} />
        <DynamicField field={F.phoneNumber} form={form} description="10 digits, without +91" />
      </FormSection>
      <FormSection title="Practice">
        <DynamicField field={F.qualificationName} form={form} placeholder="e.g. MBBS, MD (Radiology)" />
        <DynamicField field={F.specialization} form={form} placeholder="e.g. Neuroradiology" />
        <DynamicField field={F.registrationNumber} form={form} />
        <RemoteSelect<Department>
          label="Department"
          kind="departments"
          clearable
          fetchPage={fetchDepartments}
          filter={(d) => d.isActive}
          toOption={(d) => ({ value: d._id, label: d.name })}
          value={form.values.departmentID}
          onChange={(value) => form.setFieldValue('departmentID', value)}
          testId="field-departmentID"
        />
        <RemoteMultiSelect<Centre>
          label="Centers"
          kind="centers"
          fetchPage={fetchCentresPage}
          toOption={centreOption}
          value={form.values.centerID}
          onChange={(value) => form.setFieldValue('centerID', value)}
          testId="field-centerID"
        />
      </FormSection>
    </FormCard>
  );
}
