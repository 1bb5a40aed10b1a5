import type { LayoutImageKind, ReportLayout } from '@rayworks/contracts';

/** The images the preview shows: presigned or local (blob:) URLs, null for none. */
export interface PreviewImages {
  headerLogo: string | null;
  footerLogo: string | null;
  waterMark: string | null;
}

type ImageRef = ReportLayout['header']['logo'];

/** Where the layout keeps each of its images ({fileID}, or null for none). */
export function layoutImage(layout: ReportLayout, kind: LayoutImageKind): ImageRef {
  if (kind === 'headerLogo') return layout.header.logo;
  if (kind === 'footerLogo') return layout.footer.logo;
  return layout.body.waterMark.image;
}

/** Puts an image ({fileID}) in its place in the layout, or takes it out (null). */
export function setLayoutImage(layout: ReportLayout, kind: LayoutImageKind, image: ImageRef): void {
  if (kind === 'headerLogo') layout.header.logo = image;
  else if (kind === 'footerLogo') layout.footer.logo = image;
  else layout.body.waterMark.image = image;
}
