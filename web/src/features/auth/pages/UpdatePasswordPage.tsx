import { Alert, Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { PUBLIC_ROUTES } from '@rayworks/contracts';
import { Link, useSearchParams } from 'react-router-dom';
import { useSession } from '../../../shared/session/useSession';
import { ChangePasswordForm } from '../components/ChangePasswordForm';
import { ResetPasswordForm } from '../components/ResetPasswordForm';

/**
 * /update-password, two uses: with ?resetToken=… (the e-mailed link) a new password is set; after a login that
 * requires a reset (resetPassword), the user must change their password before anything else (spec §4).
 */
export function UpdatePasswordPage() {
  useDocumentTitle('Update password · Rayworks');
  const [params] = useSearchParams();
  const resetToken = params.get('resetToken');
  const { profile } = useSession();

  if (resetToken) {
    return (
      <Stack gap="md" data-testid="update-password-page" data-mode="reset-link">
        <Header title="Set a new password" text="Choose a new password for your account." />
        <ResetPasswordForm resetToken={resetToken} />
      </Stack>
    );
  }

  if (profile?.token) {
    return (
      <Stack gap="md" data-testid="update-password-page" data-mode={profile.resetPassword ? 'forced' : 'change'}>
        <Header
          title="Update your password"
          text={
            profile.resetPassword
              ? 'Your password must be changed before you continue. After the change, log in with the new password.'
              : 'After the change, log in with the new password.'
          }
        />
        <ChangePasswordForm email={profile.email} />
        <Group justify="center">
          <Anchor component={Link} to={PUBLIC_ROUTES.logout} size="sm">
            Log out instead
          </Anchor>
        </Group>
      </Stack>
    );
  }

  return (
    <Stack gap="md" data-testid="update-password-page" data-mode="none">
      <Header title="Update password" text="Open the link from the password reset e-mail, or log in first." />
      <Alert variant="light" color="blue">
        The link in the e-mail brings you back here with everything needed to set a new password.
      </Alert>
      <Group justify="space-between">
        <Anchor component={Link} to={PUBLIC_ROUTES.forgotPassword} size="sm">
          Request a new link
        </Anchor>
        <Anchor component={Link} to={PUBLIC_ROUTES.login} size="sm">
          Log in
        </Anchor>
      </Group>
    </Stack>
  );
}

function Header({ title, text }: { title: string; text: string }) {
  return (
    <div>
      <Title order={2} fz={22}>
        {title}
      </Title>
      <Text size="sm" c="dimmed">
        {text}
      </Text>
    </div>
  );
}
