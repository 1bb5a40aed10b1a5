import { Alert, Button, FileInput, Group, Image, Stack, Title } from '@mantine/core';
import {
  adminMessages,
  AUTH_API,
  PROFILE_IMAGE_MAX_BYTES,
  PROFILE_IMAGE_TYPES,
  type Profile,
} from '@rayworks/contracts';
import { IconPhoto, IconUpload } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { describeError } from '../../../api/client';
import { toastSuccess } from '../../../shared/ui/toast';
import { useProfileImageUpload } from '../hooks/useProfile';

const MAX_BYTES = PROFILE_IMAGE_MAX_BYTES;

/** The images a user keeps on their profile: the calls that store each, and how the form names it. */
const IMAGES = {
  signature: {
    uploadUrl: AUTH_API.signatureUploadUrl,
    keep: AUTH_API.setSignature,
    entity: 'Signature',
    title: 'Upload a new signature',
    label: 'Signature image',
    description: 'PNG or JPEG, at most 2 MB, on a plain background.',
  },
  logo: {
    uploadUrl: AUTH_API.logoUploadUrl,
    keep: AUTH_API.setLogo,
    entity: 'Picture',
    title: 'Upload a new picture',
    label: 'Picture',
    description: 'PNG or JPEG, at most 2 MB. It is shown in the top bar instead of your initials.',
  },
} as const;

/**
 * Uploads a profile image straight to storage through a short-lived upload URL (…/upload-url, then PUT), then
 * points the profile at it (spec §2 /profile/signature; the avatar's "uploaded logo").
 */
export function ProfileImageUpload({
  image,
  onKept,
}: {
  image: keyof typeof IMAGES;
  onKept?: (profile: Profile) => void;
}) {
  const calls = IMAGES[image];
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);
  const upload = useProfileImageUpload(calls, {
    onSuccess: (profile) => {
      setFile(null);
      onKept?.(profile);
      toastSuccess(adminMessages(calls.entity).updated);
    },
  });
  const choose = (next: File | null) => {
    setFileError(null);
    if (next && !(PROFILE_IMAGE_TYPES as readonly string[]).includes(next.type)) {
      setFileError('Choose a PNG or JPEG image.');
      return;
    }
    if (next && next.size > MAX_BYTES) {
      setFileError('The image must be at most 2 MB.');
      return;
    }
    setFile(next);
  };

  return (
    <Stack gap="md">
      <Title order={2} fz="md">
        {calls.title}
      </Title>
      <FileInput
        label={calls.label}
        description={calls.description}
        accept={PROFILE_IMAGE_TYPES.join(',')}
        leftSection={<IconPhoto size={16} />}
        value={file}
        onChange={choose}
        error={fileError}
        clearable
        data-testid={`${image}-file`}
      />
      {preview ? <Image src={preview} alt="Preview" h={100} w="auto" fit="contain" /> : null}
      {upload.isError ? (
        <Alert color="red" variant="light">
          {describeError(upload.error)}
        </Alert>
      ) : null}
      <Group justify="flex-end">
        <Button
          leftSection={<IconUpload size={16} />}
          disabled={!file}
          loading={upload.isPending}
          onClick={() => file && upload.mutate(file)}
          data-testid={`${image}-upload`}
        >
          Upload
        </Button>
      </Group>
    </Stack>
  );
}
