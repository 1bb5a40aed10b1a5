import { Alert } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ADD_CENTRE_TO_GROUP_FIELDS as F, type Centre, type Group, CONSOLE_ROUTES, routeTo } from '@rayworks/contracts';
import { formErrors } from '../../../shared/forms/form-checks';
import { useSearchParams } from 'react-router-dom';
import { RemoteSelect } from '../../../shared/forms/RemoteSelect';
import { FormCard, FormSection } from '../../../shared/ui/FormCard';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { CENTERS, centreOption, fetchCentresPage } from '../../../shared/directory/useCenters';
import { fetchGroupsPage, GROUPS, useGroup } from '../../../shared/directory/useGroups';
import { useAddCentreToGroup } from '../hooks/useGroupActions';

/** /addcenter-groups: puts an individual centre into a group (POST /group/addcenter). */
export function AddCenterToGroupPage() {
  const [params] = useSearchParams();
  const preset = params.get('groupID');
  const presetGroup = useGroup(preset ?? undefined).data;
  const form = useForm<{ groupID: string | null; centerID: string | null }>({
    mode: 'controlled',
    initialValues: { groupID: preset, centerID: null },
    validate: (values) => formErrors(Object.values(F), values),
  });
  const mutation = useAddCentreToGroup();

  return (
    <>
      <PageHeader
        title="Add Center to Group"
        description="Moves an individual centre into a group; its users and cases then belong to the group."
        crumbs={[{ label: 'Groups', to: CONSOLE_ROUTES.groups }, { label: 'Add Center to Group' }]}
      />
      <FormCard
        testId="add-center-to-group-form"
        onSubmit={form.onSubmit((v) => mutation.mutate({ groupID: v.groupID!, centerID: v.centerID! }))}
        submitLabel="Add to Group"
        saving={mutation.isPending}
        cancelTo={preset ? routeTo(CONSOLE_ROUTES.groupsView, { id: preset }) : CONSOLE_ROUTES.groups}
      >
        <FormSection title="Choose">
          <RemoteSelect<Group>
            label={F.groupID.label}
            kind={GROUPS}
            withAsterisk
            fetchPage={fetchGroupsPage}
            toOption={(g) => ({ value: g._id, label: `${g.name} (${g.code})` })}
            known={presetGroup ? [{ value: presetGroup._id, label: `${presetGroup.name} (${presetGroup.code})` }] : []}
            value={form.values.groupID}
            onChange={(value) => form.setFieldValue('groupID', value)}
            error={form.errors.groupID}
            testId="field-groupID"
          />
          <RemoteSelect<Centre>
            label={F.centerID.label}
            kind={CENTERS}
            withAsterisk
            fetchPage={fetchCentresPage}
            filter={(c) => c.groupID === null}
            toOption={centreOption}
            value={form.values.centerID}
            onChange={(value) => form.setFieldValue('centerID', value)}
            error={form.errors.centerID}
            description="Only individual centres (not yet in a group) are listed."
            testId="field-centerID"
          />
        </FormSection>
        <Alert variant="light" color="blue">
          A centre belongs to one group at a time. Centres already in a group are not offered.
        </Alert>
      </FormCard>
    </>
  );
}
