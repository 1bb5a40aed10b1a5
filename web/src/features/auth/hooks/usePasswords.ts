import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { AUTH_API } from '@rayworks/contracts';
import { callApi, type CallResult } from '../../../api/client';

/** The password screens' calls; each form adds what follows (the message, where to go, a reset on failure). */
type After<V> = Omit<UseMutationOptions<CallResult<unknown>, Error, V>, 'mutationFn'>;

/** The signed-in user's new password (POST /updatepassword). */
export const useChangePassword = (email: string, after: After<{ currentPassword: string; newPassword: string }>) =>
  useMutation({
    mutationFn: (values: { currentPassword: string; newPassword: string }) =>
      callApi(AUTH_API.updatePassword, {
        body: { newPassword: values.newPassword, oldPassword: values.currentPassword, email },
      }),
    ...after,
  });

/** A new password through the mailed reset link (POST /resetpassword). */
export const useResetPassword = (resetToken: string, after: After<{ newPassword: string; confirmPassword: string }>) =>
  useMutation({
    mutationFn: (values: { newPassword: string; confirmPassword: string }) =>
      callApi(AUTH_API.resetPassword, {
        body: { resetToken, newPassword: values.newPassword, confirmPassword: values.confirmPassword },
      }),
    ...after,
  });

/** Mails a reset link to the login's address (POST /forgotpassword). */
export const useForgotPassword = () =>
  useMutation({ mutationFn: (loginName: string) => callApi(AUTH_API.forgotPassword, { body: { loginName } }) });
