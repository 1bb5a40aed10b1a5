import { VIEWER_MESSAGES } from '@rayworks/contracts';
import type { ViewportState } from '../cornerstone/engine';
import { TAGS, num, str } from '../cornerstone/dicom-json';
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

/** A corner's text: at most half the viewport wide, clipped (a phone's narrow viewport: no corner over another). */
const half = (pos: React.CSSProperties): React.CSSProperties => ({
  ...corner(pos),
  maxWidth: 'calc(50% - 12px)',
  overflow: 'hidden',
});

const marker = (pos: React.CSSProperties): React.CSSProperties => ({
  ...corner(pos),
  fontSize: 14,
  fontWeight: 700,
  fontFamily: 'sans-serif',
  color: '#ffd43b',
});

/** A scale bar of a round length (1, 2, 5 × 10ⁿ mm) between about 40 and 100 CSS pixels at this zoom. */
export function scaleBar(mmPerPixel: number): { mm: number; px: number } | null {
  if (!(mmPerPixel > 0) || !Number.isFinite(mmPerPixel)) return null;
  for (const mm of [1, 2, 5, 10, 20, 50, 100, 200, 500]) {
    const px = mm / mmPerPixel;
    if (px >= 40) return px <= 120 ? { mm, px: Math.round(px) } : null;
  }
  return null;
}

const dicomDate = (d: string | null | undefined) =>
  d && /^\d{8}$/.test(d) ? `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6, 8)}` : (d ?? '');

/** Patient and study data (top left), series (top right), image n/N, W/L and zoom (bottom). */
export function Overlay({
  viewport,
  open,
  stack,
  patientLines = true,
}: {
  viewport: ViewportState;
  open: ViewerOpen;
  stack: SeriesStack | null;
  /** The patient and study lines (top left); hidden with `O`. */
  patientLines?: boolean;
}) {
  const instance = stack?.instances[viewport.imageIndex];
  const isCurrent = !viewport.studyUid || viewport.studyUid === open.studyInstanceUid;
  const name = (isCurrent ? open.patient.name : instance && str(instance, TAGS.patientName)) ?? '';
  const pid = (isCurrent ? open.patient.id : instance && str(instance, TAGS.patientId)) ?? '';
  const date = isCurrent ? open.studyDate : instance ? str(instance, TAGS.studyDate) : null;
  const [c, w] = viewport.voi ? viewport.voi.split(',') : ['', ''];
  const location = instance ? num(instance, TAGS.sliceLocation) : null;
  const thickness = instance ? num(instance, TAGS.sliceThickness) : null;
  // an MPR plane's slice is not an acquired instance's (its index runs through the volume): no Loc/Thk there
  const slice =
    viewport.mode !== 'stack'
      ? ''
      : [
          location !== null ? `Loc ${location.toFixed(1)} mm` : '',
          thickness !== null ? `Thk ${thickness.toFixed(1)} mm` : '',
        ]
          .filter(Boolean)
          .join('  ');
  const m = viewport.markers;
  const bar = viewport.mmPerPixel ? scaleBar(viewport.mmPerPixel) : null;
  return (
    <>
      {m && (
        <>
          <div
            style={marker({ top: 4, left: '50%', transform: 'translateX(-50%)' })}
            data-testid={`marker-top-${viewport.index}`}
          >
            {m.top}
          </div>
          <div
            style={marker({ bottom: 4, left: '50%', transform: 'translateX(-50%)' })}
            data-testid={`marker-bottom-${viewport.index}`}
          >
            {m.bottom}
          </div>
          <div
            style={marker({ left: 6, top: '50%', transform: 'translateY(-50%)' })}
            data-testid={`marker-left-${viewport.index}`}
          >
            {m.left}
          </div>
          <div
            style={marker({ right: 6, top: '50%', transform: 'translateY(-50%)' })}
            data-testid={`marker-right-${viewport.index}`}
          >
            {m.right}
          </div>
        </>
      )}
      {bar && (
        <div
          data-testid={`scale-bar-${viewport.index}`}
          data-mm={bar.mm}
          style={{
            position: 'absolute',
            right: 8,
            bottom: 52,
            width: bar.px,
            borderBottom: '2px solid #e8e8e8',
            borderLeft: '2px solid #e8e8e8',
            borderRight: '2px solid #e8e8e8',
            height: 6,
            pointerEvents: 'none',
            boxShadow: '0 1px 2px #000',
          }}
        >
          <span style={{ ...corner({ bottom: 6, right: 0 }), fontSize: 11 }}>
            {bar.mm >= 10 ? `${bar.mm / 10} cm` : `${bar.mm} mm`}
          </span>
        </div>
      )}
      <div
        style={half({ top: 6, left: 8 })}
        data-testid={`overlay-${viewport.index}`}
        data-patient-lines={patientLines ? 'shown' : 'hidden'}
      >
        {patientLines
          ? `${name.replace(/\^/g, ' ')}\nID: ${pid}\n${dicomDate(date)}${isCurrent ? '' : '  (prior)'}`
          : isCurrent
            ? ''
            : '(prior)'}
      </div>
      <div style={half({ top: 6, right: 8, textAlign: 'right' })}>
        {stack ? `${stack.series.modality} · Se ${stack.series.seriesNumber ?? '-'}\n${stack.series.description}` : ''}
        {viewport.mode !== 'stack' ? `\n${viewport.mode.replace('mpr-', '').toUpperCase()}` : ''}
        {viewport.blend === 'mip' && viewport.slab ? (
          <span data-testid={`slab-${viewport.index}`}>{`\nMIP ${viewport.slab} mm`}</span>
        ) : null}
        {viewport.linked === false ? (
          <span data-testid={`not-linked-${viewport.index}`} style={{ color: '#ffd43b' }}>
            {`\n${VIEWER_MESSAGES.notLinked}`}
          </span>
        ) : null}
      </div>
      <div style={half({ bottom: 6, left: 8 })}>
        {viewport.imageCount > 0 ? `Im ${viewport.imageIndex + 1}/${viewport.imageCount}` : ''}
        {slice ? <span data-testid={`slice-${viewport.index}`}>{`\n${slice}`}</span> : null}
      </div>
      <div style={half({ bottom: 6, right: 8, textAlign: 'right' })}>
        {viewport.voi ? `W ${w} L ${c}\nZoom ${viewport.zoom.toFixed(2)}×` : ''}
      </div>
    </>
  );
}
