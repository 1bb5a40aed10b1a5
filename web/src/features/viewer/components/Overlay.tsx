import type { ViewportState } from '../cornerstone/engine';
import { TAGS, str } from '../cornerstone/dicom-json';
import type { SeriesStack } from '../cornerstone/wado';
import type { ViewerOpen } from '../api/viewer-api';

const corner = (pos: React.CSSProperties): React.CSSProperties => ({
  position: 'absolute',
  ...pos,
  color: '#e8e8e8',
  fontSize: 12,
  lineHeight: 1.35,
  fontFamily: 'monospace',
  textShadow: '0 0 3px #000, 0 0 2px #000',
  pointerEvents: 'none',
  whiteSpace: 'pre',
});

const dicomDate = (d: string | null | undefined) =>
  d && /^\d{8}$/.test(d) ? `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6, 8)}` : (d ?? '');

/** Patient and study data (top left), series (top right), image n/N, W/L and zoom (bottom). */
export function Overlay({
  viewport,
  open,
  stack,
}: {
  viewport: ViewportState;
  open: ViewerOpen;
  stack: SeriesStack | null;
}) {
  const instance = stack?.instances[viewport.imageIndex];
  const isCurrent = !viewport.studyUid || viewport.studyUid === open.studyInstanceUid;
  const name = (isCurrent ? open.patient.name : instance && str(instance, TAGS.patientName)) ?? '';
  const pid = (isCurrent ? open.patient.id : instance && str(instance, TAGS.patientId)) ?? '';
  const date = isCurrent ? open.studyDate : instance ? str(instance, TAGS.studyDate) : null;
  const [c, w] = viewport.voi ? viewport.voi.split(',') : ['', ''];
  return (
    <>
      <div style={corner({ top: 6, left: 8 })} data-testid={`overlay-${viewport.index}`}>
        {`${name.replace(/\^/g, ' ')}\nID: ${pid}\n${dicomDate(date)}${isCurrent ? '' : '  (prior)'}`}
      </div>
      <div style={corner({ top: 6, right: 8, textAlign: 'right' })}>
        {stack ? `${stack.series.modality} · Se ${stack.series.seriesNumber ?? '-'}\n${stack.series.description}` : ''}
        {viewport.mode !== 'stack' ? `\n${viewport.mode.replace('mpr-', '').toUpperCase()}` : ''}
      </div>
      <div style={corner({ bottom: 6, left: 8 })}>
        {viewport.imageCount > 0 ? `Im ${viewport.imageIndex + 1}/${viewport.imageCount}` : ''}
      </div>
      <div style={corner({ bottom: 6, right: 8, textAlign: 'right' })}>
        {viewport.voi ? `W ${w} L ${c}\nZoom ${viewport.zoom.toFixed(2)}×` : ''}
      </div>
    </>
  );
}
