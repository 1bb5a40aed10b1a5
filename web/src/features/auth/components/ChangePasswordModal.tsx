import { Modal } from '@mantine/core';
import { ChangePasswordForm } from './ChangePasswordForm';

/** Change Password from the user menu. */
export function ChangePasswordModal({
  opened,
  onClose,
  email,
}: {
  opened: boolean;
  onClose: () => void;
  email: string;
}) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Change Password"
      centered
      size="md"
      data-testid="change-password-modal"
    >
      {opened ? <ChangePasswordForm email={email} onCancel={onClose} /> : null}
    </Modal>
  );
}
