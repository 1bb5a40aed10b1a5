import { Alert } from '@mantine/core';
import {
  AUTH_API,
  GENERIC,
  userInputSchema,
  type Centre,
  type Group,
  type Role,
  type User,
  USER_FIELDS as F,
} from '@rayworks/contracts';
import { IconInfoCircle } from '@tabler/icons-react';
import type { z } from 'zod';
import { pageFetcher } from '../../../api/queries';
import { DynamicField } from '../../../shared/forms/DynamicField';
import { RemoteMultiSelect, RemoteSelect } from '../../../shared/forms/RemoteSelect';
import { text, textOrNull, useDynamicForm } from '../../../shared/forms/useDynamicForm';
import { useCan } from '../../../shared/hooks/useCan';
import { FormCard, FormSection } from '../../../shared/ui/FormCard';
import { centreOption, fetchCentresPage } from '../../../shared/directory/useCenters';
import { fetchGroupsPage } from '../../../shared/directory/useGroups';
import { fetchRolesPage } from '../../../shared/directory/useRoles';

interface Values extends Record<string, unknown> {
  loginName: string;
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  roleID: string | null;
  groupID: string | null;
  centerID: string[];
}

export type UserBody = z.output<typeof userInputSchema>;

/** Add or edit a user. The login name is set once, when the user is added. */
export function UserForm({
  user,
  saving,
  onSave,
  cancelTo,
}: {
  user?: User;
  saving: boolean;
  onSave: (body: UserBody) => void;
  cancelTo: string;
}) {
  const can = useCan();
  const fields = user ? Object.values(F).filter((f) => f.value !== 'loginName') : Object.values(F);
  const { form, onSubmit } = useDynamicForm({
    fields,
    initialValues: {
      loginName: user?.loginName ?? '',
      firstName: user?.firstName ?? '',
      lastName: user?.lastName ?? '',
      email: user?.email ?? '',
      phoneNumber: user?.phoneNumber ?? '',
      roleID: user?.roleID ?? null,
      groupID: user?.groupID ?? null,
      centerID: user?.centerID ?? [],
    } as Values,
    bodySchema: userInputSchema,
    toBody: (v: Values) => ({
      loginName: user ? user.loginName : text(v.loginName).toLowerCase(),
      firstName: text(v.firstName),
      lastName: text(v.lastName),
      email: text(v.email),
      phoneNumber: textOrNull(v.phoneNumber),
      roleID: v.roleID ?? '',
      groupID: v.groupID,
      centerID: v.centerID,
    }),
  });
  const knownCentres = user ? user.centerID.map((id, i) => ({ value: id, label: user.centerNames[i] ?? id })) : [];

  return (
    <FormCard
      testId="user-form"
      onSubmit={onSubmit((body) => onSave(body))}
      submitLabel={user ? 'Save User' : 'Add User'}
      saving={saving}
      cancelTo={cancelTo}
    >
      <FormSection title="Person">
        {user ? null : (
          <DynamicField
            field={F.loginName}
            form={form}
            autoFocus
            description="Lower-case letters, digits, dot, dash or underscore; cannot be changed later."
          />
        )}
        <DynamicField field={F.email} form={form} />
        <DynamicField field={F.firstName} form={form} autoFocus={Boolean(user)} />
        <DynamicField field={F.lastName} form={form} />
        <DynamicField field={F.phoneNumber} form={form} description="10 digits, without +91" />
      </FormSection>
      <FormSection title="Access">
        <RemoteSelect<Role>
          label={F.roleID.label}
          kind="roles"
          withAsterisk
          fetchPage={fetchRolesPage}
          filter={(r) => r.isActive}
          toOption={(r) => ({ value: r._id, label: r.name })}
          known={user ? [{ value: user.roleID, label: user.roleName }] : []}
          value={form.values.roleID}
          onChange={(value) => form.setFieldValue('roleID', value)}
          error={form.errors.roleID}
          onBlur={() => form.validateField('roleID')}
          testId="field-roleID"
        />
        {can('GROUP', GENERIC.VIEW) ? (
          <RemoteSelect<Group>
            label="Group"
            kind="groups"
            clearable
            fetchPage={fetchGroupsPage}
            toOption={(g) => ({ value: g._id, label: `${g.name} (${g.code})` })}
            known={user?.groupID && user.groupName ? [{ value: user.groupID, label: user.groupName }] : []}
            value={form.values.groupID}
            onChange={(value) => {
              form.setFieldValue('groupID', value);
              form.setFieldValue('centerID', []);
            }}
            description="Leave empty for a user of the whole company or of individual centres."
            testId="field-groupID"
          />
        ) : null}
        <RemoteMultiSelect<Centre>
          label="Centers"
          kind="centers"
          extraKey={form.values.groupID}
          fetchPage={
            form.values.groupID
              ? pageFetcher<Centre>(AUTH_API.getCentres, { groupID: form.values.groupID })
              : fetchCentresPage
          }
          toOption={centreOption}
          known={knownCentres}
          value={form.values.centerID}
          onChange={(value) => form.setFieldValue('centerID', value)}
          description="The centres whose cases and records the user works with."
          testId="field-centerID"
        />
      </FormSection>
      {user ? null : (
        <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} />}>
          The new user receives an e-mail with a temporary password and must set a new password at the first login.
        </Alert>
      )}
    </FormCard>
  );
}
