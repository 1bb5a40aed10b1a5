import type { EngineState, ViewportState } from '../cornerstone/engine';
import type { SeriesStack } from '../cornerstone/wado';
import type { ViewerOpen } from '../api/viewer-api';
import { Overlay } from './Overlay';

interface ViewportGridProps {
  count: number;
  columns: number;
  state: EngineState;
  open: ViewerOpen;
  stackOf(n: number): SeriesStack | null;
  /** Show the overlay's patient and study lines. */
  patientLines: boolean;
  setElement(n: number, el: HTMLDivElement | null): void;
}

/** The viewports (viewport-<n> with the interface's data attributes), each with Cornerstone's canvas and overlays. */
export function ViewportGrid({ count, columns, state, open, stackOf, patientLines, setElement }: ViewportGridProps) {
  const rows = Math.ceil(count / columns);
  return (
    <div
      style={{
        flex: 1,
        display: 'grid',
        gridTemplateColumns: `repeat(${columns}, 1fr)`,
        gridTemplateRows: `repeat(${rows}, 1fr)`,
        gap: 2,
        background: '#222',
        minHeight: 0,
        minWidth: 0,
      }}
    >
      {Array.from({ length: count }, (_, n) => {
        const vs: ViewportState | undefined = state.viewports[n];
        return (
          <div
            key={n}
            style={{
              position: 'relative',
              minHeight: 0,
              minWidth: 0,
              // a narrow viewport's overlay lines end at its edge, never over its neighbour
              overflow: 'hidden',
              outline: state.active === n && count > 1 ? '2px solid #e6a700' : 'none',
              outlineOffset: -2,
            }}
          >
            <div
              ref={(el) => setElement(n, el)}
              data-testid={`viewport-${n}`}
              data-image-index={vs?.imageIndex ?? 0}
              data-image-count={vs?.imageCount ?? 0}
              data-series-uid={vs?.seriesUid ?? ''}
              data-study-uid={vs?.studyUid ?? ''}
              data-voi={vs?.voi ?? ''}
              data-mode={vs?.mode ?? 'stack'}
              data-zoom={vs?.zoom ?? 1}
              data-blend={vs?.blend ?? ''}
              data-slab={vs?.slab ?? ''}
              data-linked={vs?.linked === null || vs?.linked === undefined ? '' : String(vs.linked)}
              onContextMenu={(e) => e.preventDefault()}
              style={{ position: 'absolute', inset: 0, background: '#000' }}
            />
            {vs && <Overlay viewport={vs} open={open} stack={stackOf(n)} patientLines={patientLines} />}
          </div>
        );
      })}
    </div>
  );
}
