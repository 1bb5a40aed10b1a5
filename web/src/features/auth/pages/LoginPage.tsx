import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDocumentTitle } from '@mantine/hooks';
import { PUBLIC_ROUTES } from '@rayworks/contracts';
import { requiredMessage } from '@rayworks/validation';
import { IconAlertCircle } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router-dom';
import type { LoginState } from '../../../shared/session/access';
import { loginErrorMessage, useLogin, type Credentials } from '../hooks/useLogin';

const LABELS = { loginName: 'Login Name', password: 'Password' } as const;

/** /login (spec §2, §4): login name and password. */
export function LoginPage() {
  useDocumentTitle('Log in · Rayworks');
  const location = useLocation();
  const from = (location.state as LoginState | null)?.from ?? null;
  const login = useLogin(from);
  const form = useForm<Credentials>({
    mode: 'controlled',
    initialValues: { loginName: '', password: '' },
    validate: {
      loginName: (value) => (value.trim() === '' ? requiredMessage(LABELS.loginName) : null),
      password: (value) => (value === '' ? requiredMessage(LABELS.password) : null),
    },
  });

  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) =>
        login.mutate({ loginName: values.loginName.trim(), password: values.password }),
      )}
      data-testid="login-form"
    >
      <Stack gap="md">
        <div>
          <Title order={2} fz={22}>
            Log in
          </Title>
          <Text size="sm" c="dimmed">
            Use the login name and password your administrator gave you.
          </Text>
        </div>
        {login.isError ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} data-testid="login-error">
            {loginErrorMessage(login.error)}
          </Alert>
        ) : null}
        <TextInput
          label={LABELS.loginName}
          withAsterisk
          autoComplete="username"
          autoFocus
          autoCapitalize="none"
          spellCheck={false}
          data-testid="field-loginName"
          {...form.getInputProps('loginName')}
        />
        <PasswordInput
          label={LABELS.password}
          withAsterisk
          autoComplete="current-password"
          data-testid="field-password"
          {...form.getInputProps('password')}
        />
        <Group justify="flex-end" mt={-6}>
          <Anchor component={Link} to={PUBLIC_ROUTES.forgotPassword} size="sm" data-testid="forgot-password-link">
            Forgot password?
          </Anchor>
        </Group>
        <Button type="submit" fullWidth loading={login.isPending} data-testid="login-submit">
          Log In
        </Button>
      </Stack>
    </form>
  );
}
