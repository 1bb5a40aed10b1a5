import { Alert, Button, Group, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { AUTH_MESSAGES, PUBLIC_ROUTES } from '@rayworks/contracts';
import { validateChangePassword } from '@rayworks/validation';
import { useNavigate } from 'react-router-dom';
import { describeError, shownByPolicy } from '../../../api/client';
import { clearStorage } from '../../../api/storage';
import { closeRealtime } from '../../../realtime/availability-connection';
import { toastSuccess } from '../../../shared/ui/toast';
import { PASSWORD_HINT } from './PasswordRuleHint';
import { useChangePassword } from '../hooks/usePasswords';

export interface ChangePasswordValues {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
  [key: string]: unknown;
}

const EMPTY: ChangePasswordValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

/**
 * Change Password (spec §2, §5, §7, §8): currentPassword, newPassword and a confirmation, checked by
 * libs/validation word for word; POST /update/password with newPassword, oldPassword and email.
 * Success: 'Password updated successfully', storage cleared, /login. Failure: the server's message and the
 * form resets.
 */
export function ChangePasswordForm({ email, onCancel }: { email: string; onCancel?: () => void }) {
  const navigate = useNavigate();
  const form = useForm<ChangePasswordValues>({
    mode: 'controlled',
    initialValues: EMPTY,
    validateInputOnBlur: true,
    validate: (values) => validateChangePassword(values),
  });
  const mutation = useChangePassword(email, {
    onSuccess: () => {
      toastSuccess(AUTH_MESSAGES.passwordUpdated);
      closeRealtime();
      clearStorage();
      navigate(PUBLIC_ROUTES.login, { replace: true });
    },
    onError: () => form.reset(),
  });

  return (
    <form noValidate onSubmit={form.onSubmit((values) => mutation.mutate(values))} data-testid="change-password-form">
      <Stack gap="md">
        {mutation.isError && !shownByPolicy(mutation.error) ? (
          <Alert color="red" variant="light" data-testid="change-password-error">
            {describeError(mutation.error)}
          </Alert>
        ) : null}
        <PasswordInput
          label="Current Password"
          withAsterisk
          autoComplete="current-password"
          data-testid="field-currentPassword"
          {...form.getInputProps('currentPassword')}
        />
        <PasswordInput
          label="New Password"
          withAsterisk
          autoComplete="new-password"
          description={form.errors.newPassword ? undefined : PASSWORD_HINT}
          data-testid="field-newPassword"
          {...form.getInputProps('newPassword')}
        />
        <PasswordInput
          label="Confirm New Password"
          withAsterisk
          autoComplete="new-password"
          data-testid="field-confirmPassword"
          {...form.getInputProps('confirmPassword')}
        />
        <Group justify="flex-end" gap="sm" mt="xs">
          {onCancel ? (
            <Button variant="default" onClick={onCancel} disabled={mutation.isPending}>
              Cancel
            </Button>
          ) : null}
          <Button type="submit" loading={mutation.isPending} data-testid="change-password-submit">
            Update Password
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
