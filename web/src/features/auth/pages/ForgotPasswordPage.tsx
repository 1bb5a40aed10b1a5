import { Alert, Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDocumentTitle } from '@mantine/hooks';
import { AUTH_MESSAGES, PUBLIC_ROUTES } from '@rayworks/contracts';
import { requiredMessage } from '@rayworks/validation';
import { IconMailCheck } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { describeError } from '../../../api/client';
import { useForgotPassword } from '../hooks/usePasswords';

const LABEL = 'Login Name';

/** /forgot-password: asks for a reset link by e-mail; the answer never says whether the login name exists. */
export function ForgotPasswordPage() {
  useDocumentTitle('Forgot password · Rayworks');
  const form = useForm({
    mode: 'controlled',
    initialValues: { loginName: '' },
    validate: { loginName: (value: string) => (value.trim() === '' ? requiredMessage(LABEL) : null) },
  });
  const mutation = useForgotPassword();

  if (mutation.isSuccess) {
    return (
      <Stack gap="md" data-testid="forgot-password-sent">
        <Title order={2} fz={22}>
          Check your e-mail
        </Title>
        <Alert
          color="teal"
          variant="light"
          icon={<IconMailCheck size={18} />}
          data-testid="forgot-password-confirmation"
        >
          {AUTH_MESSAGES.resetLinkSent}
        </Alert>
        <Anchor component={Link} to={PUBLIC_ROUTES.login} size="sm">
          Back to log in
        </Anchor>
      </Stack>
    );
  }

  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) => mutation.mutate(values.loginName.trim()))}
      data-testid="forgot-password-form"
    >
      <Stack gap="md">
        <div>
          <Title order={2} fz={22}>
            Forgot password
          </Title>
          <Text size="sm" c="dimmed">
            Enter your login name. We will e-mail a link to set a new password.
          </Text>
        </div>
        {mutation.isError ? (
          <Alert color="red" variant="light" data-testid="forgot-password-error">
            {describeError(mutation.error)}
          </Alert>
        ) : null}
        <TextInput
          label={LABEL}
          withAsterisk
          autoFocus
          autoComplete="username"
          data-testid="field-loginName"
          {...form.getInputProps('loginName')}
        />
        <Button type="submit" fullWidth loading={mutation.isPending} data-testid="forgot-password-submit">
          Send Reset Link
        </Button>
        <Anchor component={Link} to={PUBLIC_ROUTES.login} size="sm" ta="center">
          Back to log in
        </Anchor>
      </Stack>
    </form>
  );
}
