import { useMutation } from '@tanstack/react-query';
import { LAYOUT_IMAGE_MAX_BYTES, LAYOUT_IMAGE_TYPES, REPORTING_API, type LayoutImageKind } from '@rayworks/contracts';
import { callApi } from '../../../api/client';
import { toastError } from '../../../shared/ui/toast';
import { uploadFile } from '../../../shared/upload/presigned-put';

export interface UploadedImage {
  fileID: string;
  /** A local URL of the chosen file, for the preview until the layout is saved and read back. */
  previewUrl: string;
}

/**
 * Uploads a header/footer logo or watermark image as auth's profile images are: a presigned PUT from reporting
 * (/reportconfig/image/upload-url), then the file straight to the object store; the layout keeps {fileID}.
 */
export function useLayoutImageUpload(centreId: string | null) {
  return useMutation({
    mutationFn: async ({ kind, file }: { kind: LayoutImageKind; file: File }): Promise<UploadedImage> => {
      if (!centreId) throw new Error('Choose a centre first');
      if (!(LAYOUT_IMAGE_TYPES as readonly string[]).includes(file.type)) throw new Error('Choose a PNG or JPEG image');
      if (file.size > LAYOUT_IMAGE_MAX_BYTES) throw new Error('The image may be at most 2 MB');
      const { data } = await callApi(REPORTING_API.layoutImageUploadUrl, {
        body: { centreId, kind, contentType: file.type as (typeof LAYOUT_IMAGE_TYPES)[number], size: file.size },
      });
      const fileID = await uploadFile(data, file).catch(() => {
        throw new Error('The image was not uploaded');
      });
      return { fileID, previewUrl: URL.createObjectURL(file) };
    },
    onError: (error) => toastError(error instanceof Error ? error.message : 'The image was not uploaded'),
  });
}
