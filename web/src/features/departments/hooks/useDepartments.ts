import { useRecordMutation } from '../../../shared/directory/useRecordMutation';
import { adminMessages, AUTH_API, subDepartmentInputSchema, departmentInputSchema } from '@rayworks/contracts';
import type { z } from 'zod';
import { callApi } from '../../../api/client';
import { recordStatus } from '../../../shared/directory/record-status';

export const DEPARTMENTS = 'departments';

export type DepartmentBody = z.output<typeof departmentInputSchema> & { id?: string };

/** Adds a department, or saves one being edited (POST /create/department, /update/department); then `onSaved`. */
export function useSaveDepartment(editing: boolean, onSaved: () => void) {
  return useRecordMutation({
    call: async (body: DepartmentBody) =>
      body.id
        ? callApi(AUTH_API.updateDepartment, { body: { ...body, id: body.id } })
        : callApi(AUTH_API.createDepartment, { body }),
    message: editing ? adminMessages('Department').updated : adminMessages('Department').created,
    refresh: [DEPARTMENTS],
    then: onSaved,
  });
}

/** Adds a sub-department under a department (POST /create/subdepartment); then `onSaved`. */
export function useAddSubDepartment(onSaved: () => void) {
  return useRecordMutation({
    call: (body: z.output<typeof subDepartmentInputSchema>) => callApi(AUTH_API.createSubDepartment, { body }),
    message: adminMessages('Sub-department').created,
    refresh: [DEPARTMENTS],
    then: onSaved,
  });
}

/** Activating or inactivating a department. */
export const departmentStatus = recordStatus(AUTH_API.departmentStatus, DEPARTMENTS);
