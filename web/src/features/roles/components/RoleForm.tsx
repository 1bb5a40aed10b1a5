import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import {
  ALL_ROLE_CODES,
  DEFAULT_ROLE_PRIVILEGES,
  normalizeRoleCode,
  ROLE_LABELS,
  roleInputSchema,
  type Role,
  ROLE_FIELDS as F,
} from '@rayworks/contracts';
import { IconWand } from '@tabler/icons-react';
import type { z } from 'zod';
import { useSession } from '../../../shared/session/useSession';
import { DynamicField } from '../../../shared/forms/DynamicField';
import { text, textOrNull, useDynamicForm } from '../../../shared/forms/useDynamicForm';
import { FormCard, FormSection } from '../../../shared/ui/FormCard';
import { grantCount, type Grants } from '../../../shared/directory/privilege-matrix';
import { PrivilegeMatrix } from './PrivilegeMatrix';

interface Values extends Record<string, unknown> {
  name: string;
  roleCode: string | null;
  description: string;
  privileges: Grants;
}

export type RoleBody = z.output<typeof roleInputSchema>;

const ROLE_OPTIONS = ALL_ROLE_CODES.map((code) => ({ value: code, label: `${ROLE_LABELS[code]} (${code})` }));
const NO_PRIVILEGES = 'Please select at least one privilege';

/** Add or edit a role: name, the role code it implements, a description and its privilege matrix. */
export function RoleForm({
  role,
  saving,
  onSave,
  cancelTo,
}: {
  role?: Role;
  saving: boolean;
  onSave: (body: RoleBody) => void;
  cancelTo: string;
}) {
  const { config } = useSession();
  const { form, onSubmit } = useDynamicForm({
    fields: Object.values(F),
    initialValues: {
      name: role?.name ?? '',
      roleCode: role?.roleCode ?? null,
      description: role?.description ?? '',
      privileges: (role?.privileges as Grants | undefined) ?? {},
    } as Values,
    extraValidate: (v) => (grantCount(v.privileges) === 0 ? { privileges: NO_PRIVILEGES } : {}),
    bodySchema: roleInputSchema,
    toBody: (v: Values) => ({
      name: text(v.name),
      roleCode: v.roleCode ?? '',
      description: textOrNull(v.description),
      privileges: v.privileges,
    }),
  });
  const code = normalizeRoleCode(form.values.roleCode ?? '');
  const applyDefaults = () => {
    if (!code) return;
    const defaults = DEFAULT_ROLE_PRIVILEGES[code];
    form.setFieldValue(
      'privileges',
      Object.fromEntries(Object.entries(defaults).map(([t, codes]) => [t, [...(codes ?? [])]])),
    );
  };

  return (
    <FormCard
      testId="role-form"
      onSubmit={onSubmit((body) => onSave(body))}
      submitLabel={role ? 'Save Role' : 'Add Role'}
      saving={saving}
      cancelTo={cancelTo}
    >
      <FormSection title="Role">
        <DynamicField field={F.name} form={form} autoFocus={!role} />
        <DynamicField
          field={F.roleCode}
          form={form}
          options={ROLE_OPTIONS}
          description="The kind of user this role is for."
        />
        <DynamicField field={F.description} form={form} />
      </FormSection>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-end">
          <div>
            <Text fw={600}>Privileges</Text>
            <Text size="sm" c="dimmed">
              What users with this role may do, by module and submodule.
            </Text>
          </div>
          <Button
            variant="default"
            size="xs"
            leftSection={<IconWand size={14} />}
            disabled={!code}
            onClick={applyDefaults}
            data-testid="role-apply-defaults"
          >
            Use the defaults of this role type
          </Button>
        </Group>
        {form.errors.privileges ? (
          <Alert color="red" variant="light" data-testid="role-privileges-error">
            {form.errors.privileges}
          </Alert>
        ) : null}
        <PrivilegeMatrix
          value={form.values.privileges}
          onChange={(next) => form.setFieldValue('privileges', next)}
          grantable={config ?? []}
        />
      </Stack>
    </FormCard>
  );
}
