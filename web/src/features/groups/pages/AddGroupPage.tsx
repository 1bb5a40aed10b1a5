import { Checkbox } from '@mantine/core';
import { groupInputSchema, GROUP_FIELDS as F, CONSOLE_ROUTES } from '@rayworks/contracts';
import { DynamicField } from '../../../shared/forms/DynamicField';
import { text, textOrNull, useDynamicForm } from '../../../shared/forms/useDynamicForm';
import { FormCard, FormSection } from '../../../shared/ui/FormCard';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { useCreateGroup } from '../hooks/useGroupActions';

interface Values extends Record<string, unknown> {
  name: string;
  code: string;
  isFusion: boolean;
  email: string;
  phoneNumber: string;
  city: string;
  state: string;
}

/** /add-groups: a new group (POST /create/group). */
export function AddGroupPage() {
  const { form, onSubmit } = useDynamicForm({
    fields: Object.values(F),
    initialValues: { name: '', code: '', isFusion: false, email: '', phoneNumber: '', city: '', state: '' } as Values,
    bodySchema: groupInputSchema,
    toBody: (v: Values) => ({
      name: text(v.name),
      code: text(v.code),
      isFusion: v.isFusion,
      email: textOrNull(v.email),
      phoneNumber: textOrNull(v.phoneNumber),
      city: textOrNull(v.city),
      state: textOrNull(v.state),
    }),
  });
  const create = useCreateGroup();

  return (
    <>
      <PageHeader title="Add Group" crumbs={[{ label: 'Groups', to: CONSOLE_ROUTES.groups }, { label: 'Add Group' }]} />
      <FormCard
        testId="group-form"
        onSubmit={onSubmit((body) => create.mutate(body))}
        submitLabel="Add Group"
        saving={create.isPending}
        cancelTo={CONSOLE_ROUTES.groups}
      >
        <FormSection title="Group">
          <DynamicField field={F.name} form={form} autoFocus />
          <DynamicField field={F.code} form={form} description="2–20 letters or digits, e.g. APEX" />
          <Checkbox
            label="Fusion group"
            description="Reads cases for other groups by contract."
            {...form.getInputProps('isFusion', { type: 'checkbox' })}
            data-testid="field-isFusion"
          />
        </FormSection>
        <FormSection title="Contact">
          <DynamicField field={F.email} form={form} />
          <DynamicField field={F.phoneNumber} form={form} description="10 digits, without +91" />
          <DynamicField field={F.city} form={form} />
          <DynamicField field={F.state} form={form} />
        </FormSection>
      </FormCard>
    </>
  );
}
