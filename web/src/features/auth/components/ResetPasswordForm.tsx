import { Alert, Button, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { AUTH_MESSAGES, PUBLIC_ROUTES } from '@rayworks/contracts';
import { useNavigate } from 'react-router-dom';
import { describeError } from '../../../api/client';
import { clearStorage } from '../../../api/storage';
import { toastSuccess } from '../../../shared/ui/toast';
import { PASSWORD_HINT } from './PasswordRuleHint';
import { validateResetPassword, type ResetPasswordValues as Values } from './reset-password-rules';
import { useResetPassword } from '../hooks/usePasswords';

/** Sets a new password from the e-mailed link (/update-password?resetToken=…): POST /myaccount/reset/password. */
export function ResetPasswordForm({ resetToken }: { resetToken: string }) {
  const navigate = useNavigate();
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { newPassword: '', confirmPassword: '' },
    validateInputOnBlur: true,
    validate: validateResetPassword,
  });
  const mutation = useResetPassword(resetToken, {
    onSuccess: () => {
      toastSuccess(AUTH_MESSAGES.passwordResetDone);
      clearStorage();
      navigate(PUBLIC_ROUTES.login, { replace: true });
    },
    onError: () => form.reset(),
  });
  return (
    <form noValidate onSubmit={form.onSubmit((values) => mutation.mutate(values))} data-testid="reset-password-form">
      <Stack gap="md">
        {mutation.isError ? (
          <Alert color="red" variant="light" data-testid="reset-password-error">
            {describeError(mutation.error)}
          </Alert>
        ) : null}
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
        <Button type="submit" fullWidth loading={mutation.isPending} data-testid="reset-password-submit">
          Set New Password
        </Button>
      </Stack>
    </form>
  );
}
