import type { Case } from '@rayworks/contracts';
import { DeliveryDialog } from './DeliveryDialog';
import { ReportPdfPreview } from './ReportPdfPreview';

/** A completed case's report on its way out from a row or the case page: mailed, or its PDF shown. */
export interface ReportOutputRequest {
  kind: 'mail' | 'pdf';
  row: Pick<Case, '_id' | 'patientName'>;
}

/**
 * The worklist's and the case page's Mail, Download and Print (docs/decisions/0379): the report page's own mail
 * dialog, and its PDF preview, whose download link and the browser's PDF viewer save and print it.
 */
export function ReportOutput({ request, onClose }: { request: ReportOutputRequest | null; onClose(): void }) {
  if (!request) return null;
  if (request.kind === 'pdf') return <ReportPdfPreview caseId={request.row._id} onClose={onClose} />;
  return (
    <DeliveryDialog
      channel="mail"
      target={{ caseId: request.row._id, patientName: request.row.patientName, phoneNumber: null }}
      opened
      onClose={onClose}
    />
  );
}
