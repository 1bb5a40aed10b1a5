import { useQuery } from '@tanstack/react-query';
import { renderReportDocument, type PrintReport, type ReportLayout } from '@rayworks/contracts';
import { queryKeysOf } from '../../../api/queries';
import type { PreviewImages } from './layout-images';

/** A sample report the layout is shown with (not a patient's). */
const SAMPLE_REPORT: PrintReport = {
  id: 'preview',
  status: 'FINAL',
  version: 1,
  testName: 'CT BRAIN (PLAIN)',
  reportHTML:
    '<p><strong>Technique:</strong> Axial sections of the brain were obtained without contrast.</p>' +
    '<p><strong>Findings:</strong> Normal grey-white matter differentiation. No intra- or extra-axial haemorrhage. ' +
    'The ventricles and sulci are normal for age. No midline shift.</p>' +
    '<p><strong>Impression:</strong> No acute intracranial abnormality detected.</p>',
  doctorInfo: { doctorName: 'Dr. Sample Radiologist', qualificationName: 'MD Radiology' },
  footerTopFields: [],
  patient: {
    patientName: 'Jane Doe',
    age: '42 Y',
    gender: 'F',
    dateOfBirth: '1984-03-12',
    mrID: 'MR-102938',
    registrationID: 'ACC-5521',
    referredName: 'Dr. A. Rao',
    phoneNumber: null,
  },
  study: { modality: 'CT', studyDescription: 'CT Brain plain', studyDate: '2026-11-27T09:15:00Z', bodyPart: 'BRAIN' },
  finalizedAt: '2026-11-27T10:05:00Z',
  createdAt: '2026-11-27T09:30:00Z',
  addenda: [],
};

/** An image URL (presigned or a local blob:) as a data: URL, which is all the print document takes. */
async function dataUrlOf(url: string | null): Promise<string | null> {
  if (!url) return null;
  try {
    const response = await fetch(url);
    if (!response.ok) return null;
    const blob = await response.blob();
    return await new Promise<string | null>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : null);
      reader.onerror = () => resolve(null);
      reader.readAsDataURL(blob);
    });
  } catch {
    return null;
  }
}

/**
 * The layout as the print view and the PDF render it: renderReportDocument (libs/contracts) with a sample report, in
 * a sandboxed frame (nothing in it runs).
 */
export function PrintDocumentPreview({
  layout,
  images,
  centreName,
}: {
  layout: ReportLayout;
  images: PreviewImages;
  centreName: string;
}) {
  const assets = useQuery({
    queryKey: [...queryKeysOf('reporting').kind('layout-preview-images'), images],
    queryFn: async () => {
      const [headerLogo, footerLogo, watermarkImage] = await Promise.all([
        dataUrlOf(images.headerLogo),
        dataUrlOf(images.footerLogo),
        dataUrlOf(images.waterMark),
      ]);
      return { headerLogo, footerLogo, watermarkImage };
    },
    staleTime: Infinity,
  });
  const html = renderReportDocument({
    report: SAMPLE_REPORT,
    layout,
    assets: { ...(assets.data ?? {}), headerText: centreName, markDraft: false },
  });
  return (
    <iframe
      title="Print document preview"
      sandbox=""
      srcDoc={html}
      style={{
        width: '100%',
        height: 900,
        border: '1px solid var(--mantine-color-default-border)',
        background: 'white',
      }}
      data-testid="layout-print-preview"
    />
  );
}
