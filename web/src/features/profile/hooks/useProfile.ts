import { useMutation, useQuery, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { adminMessages, AUTH_API, PROFILE_IMAGE_TYPES, type Profile } from '@rayworks/contracts';
import { callApi } from '../../../api/client';
import { queryKeys } from '../../../api/queries';
import { toastSuccess } from '../../../shared/ui/toast';
import { uploadFile } from '../../../shared/upload/presigned-put';

export const profileQueryKey = queryKeys.kind('profile');

export function useProfile() {
  return useQuery({
    queryKey: profileQueryKey,
    queryFn: async ({ signal }) => (await callApi(AUTH_API.getProfile, { signal })).data,
  });
}

/** Saves the doctor's specializations and qualification (POST /set/specialization) and keeps the answer. */
export function useSaveSpecialization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (values: { specialization: string[]; qualificationName: string }) =>
      (
        await callApi(AUTH_API.setSpecialization, {
          body: {
            specialization: values.specialization.map((s) => s.trim()).filter(Boolean),
            qualificationName: values.qualificationName.trim() || null,
          },
        })
      ).data,
    onSuccess: (profile) => {
      queryClient.setQueryData(profileQueryKey, profile);
      toastSuccess(adminMessages('Specialization').updated);
    },
  });
}

/** The calls that store one kind of profile image: where to upload it, and how the profile keeps it. */
export interface ProfileImageCalls {
  uploadUrl: typeof AUTH_API.signatureUploadUrl | typeof AUTH_API.logoUploadUrl;
  keep: typeof AUTH_API.setSignature | typeof AUTH_API.setLogo;
}

/**
 * Uploads a profile image straight to storage through a short-lived upload URL (…/upload-url, then PUT), points
 * the profile at it and keeps the answer; the form adds what follows.
 */
export function useProfileImageUpload(
  calls: ProfileImageCalls,
  after: Omit<UseMutationOptions<Profile, Error, File>, 'mutationFn'>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (chosen: File) => {
      const contentType = chosen.type as (typeof PROFILE_IMAGE_TYPES)[number];
      const { data: target } = await callApi(calls.uploadUrl, { body: { contentType, size: chosen.size } });
      const fileID = await uploadFile(target, chosen);
      return (await callApi(calls.keep, { body: { fileID } })).data;
    },
    ...after,
    onSuccess: (profile, ...rest) => {
      queryClient.setQueryData(profileQueryKey, profile);
      return after.onSuccess?.(profile, ...rest);
    },
  });
}
