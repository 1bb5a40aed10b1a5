import { Checkbox } from '@mantine/core';
import { centreInputSchema, type Group, CENTER_FIELDS as F, CONSOLE_ROUTES } from '@rayworks/contracts';
import { requiredMessage } from '@rayworks/validation';
import { useSearchParams } from 'react-router-dom';
import { DynamicField } from '../../../shared/forms/DynamicField';
import { RemoteSelect } from '../../../shared/forms/RemoteSelect';
import { text, textOrNull, useDynamicForm } from '../../../shared/forms/useDynamicForm';
import { FormCard, FormSection } from '../../../shared/ui/FormCard';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { fetchGroupsPage, GROUPS, useGroup } from '../../../shared/directory/useGroups';
import { CityField } from '../components/CityField';
import { useCreateCentre } from '../hooks/useCentreActions';

interface Values extends Record<string, unknown> {
  name: string;
  code: string;
  groupID: string | null;
  isFusion: boolean;
  email: string;
  phoneNumber: string;
  address: string;
  city: string;
  state: string;
  pinCode: string;
}

const GROUP_LABEL = 'Group';

function AddCenterForm({ mode }: { mode: 'individual' | 'group' }) {
  const [params] = useSearchParams();
  const preset = mode === 'group' ? params.get('groupID') : null;
  const presetGroup = useGroup(preset ?? undefined).data;
  const { form, onSubmit } = useDynamicForm({
    fields: Object.values(F),
    initialValues: {
      name: '',
      code: '',
      groupID: preset,
      isFusion: false,
      email: '',
      phoneNumber: '',
      address: '',
      city: '',
      state: '',
      pinCode: '',
    } as Values,
    extraValidate: (v) => (mode === 'group' && !v.groupID ? { groupID: requiredMessage(GROUP_LABEL) } : {}),
    bodySchema: centreInputSchema,
    toBody: (v: Values) => ({
      name: text(v.name),
      code: text(v.code),
      groupID: mode === 'group' ? v.groupID : null,
      isFusion: v.isFusion,
      email: textOrNull(v.email),
      phoneNumber: textOrNull(v.phoneNumber),
      address: textOrNull(v.address),
      city: textOrNull(v.city),
      state: textOrNull(v.state),
      pinCode: textOrNull(v.pinCode),
    }),
  });
  const create = useCreateCentre();
  const title = mode === 'group' ? 'Add Center to a Group' : 'Add Individual Center';

  return (
    <>
      <PageHeader
        title={title}
        description={
          mode === 'group'
            ? 'A new centre that belongs to a group.'
            : 'A new centre that stands on its own, outside any group.'
        }
        crumbs={[{ label: 'Centers', to: CONSOLE_ROUTES.centers }, { label: title }]}
      />
      <FormCard
        testId="center-form"
        onSubmit={onSubmit((body) => create.mutate(body))}
        submitLabel="Add Center"
        saving={create.isPending}
        cancelTo={CONSOLE_ROUTES.centers}
      >
        <FormSection title="Center">
          {mode === 'group' ? (
            <RemoteSelect<Group>
              label={GROUP_LABEL}
              kind={GROUPS}
              withAsterisk
              fetchPage={fetchGroupsPage}
              toOption={(g) => ({ value: g._id, label: `${g.name} (${g.code})` })}
              known={
                presetGroup ? [{ value: presetGroup._id, label: `${presetGroup.name} (${presetGroup.code})` }] : []
              }
              value={form.values.groupID}
              onChange={(value) => form.setFieldValue('groupID', value)}
              error={form.errors.groupID}
              testId="field-groupID"
            />
          ) : null}
          <DynamicField field={F.name} form={form} autoFocus={mode === 'individual'} />
          <DynamicField field={F.code} form={form} description="2–20 letters or digits, e.g. APXAND" />
          <Checkbox
            label="Fusion centre"
            description="Reads cases for fusion groups."
            {...form.getInputProps('isFusion', { type: 'checkbox' })}
            data-testid="field-isFusion"
          />
        </FormSection>
        <FormSection title="Contact and address">
          <DynamicField field={F.email} form={form} />
          <DynamicField field={F.phoneNumber} form={form} description="10 digits, without +91" />
          <DynamicField field={F.address} form={form} />
          <CityField field={F.city} form={form} />
          <DynamicField field={F.state} form={form} />
          <DynamicField field={F.pinCode} form={form} description="6 digits" />
        </FormSection>
      </FormCard>
    </>
  );
}

/** /add-centers-individual: a centre outside any group (POST /create/center, groupID null). */
export function AddIndividualCenterPage() {
  return <AddCenterForm mode="individual" />;
}

/** /add-centers-group: a centre inside a group (POST /create/center with groupID). */
export function AddGroupCenterPage() {
  return <AddCenterForm mode="group" />;
}
