import { Button, Group, Modal, Stack } from '@mantine/core';
import {
  AUTH_API,
  departmentInputSchema,
  subDepartmentInputSchema,
  type Department,
  DEPARTMENT_FIELDS as D,
  SUB_DEPARTMENT_FIELDS as S,
} from '@rayworks/contracts';
import { z } from 'zod';
import { DynamicField } from '../../../shared/forms/DynamicField';
import { text, useDynamicForm } from '../../../shared/forms/useDynamicForm';
import { useAddSubDepartment, useSaveDepartment, type DepartmentBody } from '../hooks/useDepartments';

function Actions({
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
    <Group justify="flex-end" gap="sm" mt="sm">
      <Button variant="default" onClick={onCancel} disabled={saving}>
        Cancel
      </Button>
      <Button type="submit" loading={saving} data-testid={testId}>
        {label}
      </Button>
    </Group>
  );
}

/** The contract's body of the call the modal makes: the rules of the department form, and the id when editing. */
const departmentBody = (department?: Department): z.ZodType<DepartmentBody> =>
  department ? AUTH_API.updateDepartment.body : departmentInputSchema;

/** Add a department, or edit one (POST /create/department, /update/department). */
export function DepartmentModal({
  department,
  opened,
  onClose,
}: {
  department?: Department;
  opened: boolean;
  onClose: () => void;
}) {
  const { form, onSubmit } = useDynamicForm({
    fields: Object.values(D),
    initialValues: { name: department?.name ?? '', code: department?.code ?? '' } as { name: string; code: string },
    bodySchema: departmentBody(department),
    toBody: (v: { name: string; code: string }) => ({
      name: text(v.name),
      code: text(v.code),
      ...(department ? { id: department._id } : {}),
    }),
  });
  const save = useSaveDepartment(Boolean(department), () => {
    form.reset();
    onClose();
  });
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={department ? 'Edit Department' : 'Add Department'}
      centered
      data-testid="department-modal"
    >
      <form noValidate onSubmit={onSubmit((body) => save.mutate(body))}>
        <Stack gap="sm">
          <DynamicField field={D.name} form={form} autoFocus />
          <DynamicField field={D.code} form={form} />
          <Actions
            saving={save.isPending}
            label={department ? 'Save' : 'Add Department'}
            onCancel={onClose}
            testId="department-submit"
          />
        </Stack>
      </form>
    </Modal>
  );
}

/** Add a sub-department under a department (POST /create/subdepartment). */
export function SubDepartmentModal({
  department,
  opened,
  onClose,
}: {
  department: Department;
  opened: boolean;
  onClose: () => void;
}) {
  const { form, onSubmit } = useDynamicForm({
    fields: Object.values(S),
    initialValues: { subDepartmentName: '', subDepartmentCode: '' } as {
      subDepartmentName: string;
      subDepartmentCode: string;
    },
    bodySchema: subDepartmentInputSchema,
    toBody: (v: { subDepartmentName: string; subDepartmentCode: string }) => ({
      departmentID: department._id,
      subDepartmentName: text(v.subDepartmentName),
      subDepartmentCode: text(v.subDepartmentCode),
    }),
  });
  const save = useAddSubDepartment(() => {
    form.reset();
    onClose();
  });
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={`Add Sub-department to ${department.name}`}
      centered
      data-testid="sub-department-modal"
    >
      <form noValidate onSubmit={onSubmit((body) => save.mutate(body))}>
        <Stack gap="sm">
          <DynamicField field={S.subDepartmentName} form={form} autoFocus />
          <DynamicField field={S.subDepartmentCode} form={form} />
          <Actions
            saving={save.isPending}
            label="Add Sub-department"
            onCancel={onClose}
            testId="sub-department-submit"
          />
        </Stack>
      </form>
    </Modal>
  );
}
