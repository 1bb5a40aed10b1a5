import { Box, Center, Kbd, Loader, Modal, ScrollArea, Stack, Table, Text } from '@mantine/core';
import type { Types as ToolTypes } from '@cornerstonejs/tools';
import { useMediaQuery } from '@mantine/hooks';
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { GENERIC, HANGING_MESSAGES, matchHangingRule, planHanging } from '@rayworks/contracts';
import { useCan } from '../../../shared/hooks/useCan';
import { toastSuccess } from '../../../shared/ui/toast';
import {
  deleteAnnotation,
  findAnnotations,
  findHangingProtocols,
  saveAnnotation,
  saveHangingProtocol,
  type ViewerAnnotation,
  type ViewerOpen,
  type ViewerPrior,
} from '../api/viewer-api';
import {
  MEASUREMENT_TOOLS,
  VIEWER_FIT_EVENT,
  ViewerEngine,
  prepareEngine,
  releaseEngine,
  type EngineState,
} from '../cornerstone/engine';
import { studyToken } from '../cornerstone/token';
import {
  DicomwebError,
  absoluteRoot,
  listSeries,
  loadMiddleImage,
  loadSeriesStack,
  type SeriesInfo,
  type SeriesStack,
} from '../cornerstone/wado';
import { planeOfNormal } from '../cornerstone/mpr';
import { annotationData, imageRefOf, measurementText } from '../hooks/annotations';
import { imageSeries, ruleOfLayout } from '../hooks/hanging';
import { MeasurementsPanel } from './MeasurementsPanel';
import { PriorsPanel } from './PriorsPanel';
import { SeriesPanel } from './SeriesPanel';
import { TagBrowser } from './TagBrowser';
import { SCROLL_KEYS, shortcutFor, VIEWER_SHORTCUTS, type ViewerCommand } from './shortcuts';
import { Toolbar, type Layout } from './Toolbar';
import { ViewportGrid } from './ViewportGrid';

const EMPTY: EngineState = {
  viewports: [],
  active: 0,
  tool: 'WindowLevel',
  synced: true,
  mpr: false,
  cine: false,
  slab: 0,
};
const LAYOUTS: Record<Layout | 'mpr', { count: number; columns: number }> = {
  '1x1': { count: 1, columns: 1 },
  '1x2': { count: 2, columns: 2 },
  '2x2': { count: 4, columns: 2 },
  mpr: { count: 3, columns: 3 },
};
const SAVE_DELAY_MS = 400;

/** The prior's series that best matches the current one: the same modality, else the first. */
function bestMatch(series: SeriesInfo[], modality: string | undefined): SeriesInfo | undefined {
  return (
    series.find((s) => s.modality === modality && (s.instanceCount ?? 0) > 1) ??
    series.find((s) => s.modality === modality) ??
    series[0]
  );
}

/** The reading workspace of an opened case: toolbar, series/priors panel, viewports, measurements. */
export function ViewerWorkspace({
  open,
  initialSeries,
  onExpired,
  toolbarExtra,
  mayReadReports = false,
}: {
  open: ViewerOpen;
  initialSeries: string | null;
  onExpired(): void;
  /** The caller may read reports (WORKLIST › REPORT_VIEW): the priors panel shows each prior's final report. */
  mayReadReports?: boolean;
  /** Shown at the toolbar's end (the report toggle). */
  toolbarExtra?: React.ReactNode;
}) {
  const root = useMemo(() => absoluteRoot(open.dicomweb.url), [open.dicomweb.url]);
  const [engine, setEngine] = useState<ViewerEngine | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [series, setSeries] = useState<SeriesInfo[]>([]);
  const [layout, setLayout] = useState<Layout>('1x1');
  const [mpr, setMpr] = useState(false);
  const [comparing, setComparing] = useState<string | null>(null);
  const [annotations, setAnnotations] = useState<ViewerAnnotation[]>([]);
  const [tagsOpen, setTagsOpen] = useState(false);
  const [cineFps, setCineFps] = useState(15);
  /** A phone: the viewports on top at most of the screen's height, the series and the priors under them. */
  const narrow = useMediaQuery('(max-width: 700px)', false, { getInitialValueInEffect: false });
  const [shortcutsOpen, setShortcutsOpen] = useState(false);
  /** The patient and study lines of the overlay (hidden with `O`, e.g. for a screenshot or teaching). */
  const [patientLines, setPatientLines] = useState(true);
  /** The case's modality, body part and centre's hanging protocols (docs/decisions/0359); null while asked. */
  const [hanging, setHanging] = useState<Awaited<ReturnType<typeof findHangingProtocols>> | null>(null);
  /** The protocol is applied (layout and placement chosen): the viewports may be filled. */
  const [planned, setPlanned] = useState(false);
  /** The series the protocol places in each viewport (current study's or the prior's). */
  const placement = useRef<(SeriesInfo | null)[]>([]);
  /** The compared prior's image series (for placing it and for saving a protocol). */
  const priorSeries = useRef<SeriesInfo[]>([]);
  const can = useCan();
  const maySaveProtocol = can('CENTERS', GENERIC.EDIT);
  /** The toolbar's commands by name, for the keys (set on each render: they close over the current state). */
  const commands = useRef<Partial<Record<ViewerCommand, () => void>>>({});
  const elements = useRef<(HTMLDivElement | null)[]>([]);
  /** What each stack viewport shows (kept across layout changes). */
  const assigned = useRef<(SeriesStack | null)[]>([]);
  const state = useSyncExternalStore(engine?.subscribe ?? noopSubscribe, engine?.getState ?? (() => EMPTY));
  const key = mpr ? 'mpr' : layout;
  const [firstDrawn, setFirstDrawn] = useState(false);
  if (!firstDrawn && state.viewports[0]?.rendered) setFirstDrawn(true);
  const { count, columns: wide } = LAYOUTS[key];
  // a phone's MPR: axial and sagittal side by side, coronal under them (three in a row are 130 px each)
  const columns = narrow && mpr ? 2 : wide;

  const fail = useCallback(
    (error: unknown) => {
      if (error instanceof DicomwebError && error.status === 401) onExpired();
      else setFailure(error instanceof Error ? error.message : String(error));
    },
    [onExpired],
  );

  // The engine (made early by the page); the series list meanwhile.
  useEffect(() => {
    let made: ViewerEngine | null = null;
    let live = true;
    prepareEngine()
      .then((e) => {
        made = e;
        if (live) setEngine(e);
      })
      .catch(fail);
    return () => {
      live = false;
      if (made) releaseEngine(made);
    };
  }, [fail]);

  useEffect(() => studyToken.onRefused(onExpired), [onExpired]);

  // a renewed token gives a new `open`: the series list stays unless the case's series change
  const onlySeries = open.seriesInstanceUids?.join(',') ?? null;
  useEffect(() => {
    listSeries(root, open.studyInstanceUid, onlySeries === null ? null : onlySeries.split(',')).then(setSeries, fail);
  }, [root, open.studyInstanceUid, onlySeries, fail]);

  // the centre's protocols, asked while the series list loads (a failure: the built-in ones)
  useEffect(() => {
    let live = true;
    findHangingProtocols(open.caseId).then(
      (found) => live && setHanging(found),
      () => live && setHanging({ modality: null, bodyPart: null, protocols: [] }),
    );
    return () => {
      live = false;
    };
  }, [open.caseId]);

  // the protocol the study opens with: its layout, and the series (and prior) of each viewport
  useEffect(() => {
    if (planned || !hanging || series.length === 0) return;
    let live = true;
    const plan = async () => {
      const current = imageSeries(series);
      const modality = hanging.modality ?? open.modalities[0] ?? null;
      const { rule } = matchHangingRule(hanging.protocols, { modality, bodyPart: hanging.bodyPart });
      const prior = rule.viewports.some((v) => v.study === 'prior') ? open.priors[0] : undefined;
      const priorList = prior
        ? imageSeries(await listSeries(root, prior.studyInstanceUid, null).catch(() => [] as SeriesInfo[]))
        : [];
      const chosen = planHanging(rule, { currentSeries: current.length, priorSeries: priorList.length });
      if (!live) return;
      const placed = chosen.viewports.map(
        (v) => (v.study === 'current' ? current[v.series] : priorList[v.series]) ?? null,
      );
      // a series named in the link opens in the first viewport
      const named = series.find((x) => x.seriesInstanceUid === initialSeries);
      if (named) placed[0] = named;
      placement.current = placed;
      priorSeries.current = priorList;
      if (prior && chosen.viewports.some((v) => v.study === 'prior')) setComparing(prior.studyInstanceUid);
      if (chosen.layout === 'mpr') setMpr(true);
      else setLayout(chosen.layout);
      setPlanned(true);
    };
    plan().catch(() => live && setPlanned(true));
    return () => {
      live = false;
    };
  }, [planned, hanging, series, open.modalities, open.priors, root, initialSeries]);

  const firstSeries = useMemo(
    () =>
      series.find((s) => s.seriesInstanceUid === initialSeries) ??
      series.find((s) => (s.instanceCount ?? 0) > 0) ??
      series[0],
    [series, initialSeries],
  );

  // The first series' middle image is asked as soon as the series list is in — while the centre's protocol is
  // still asked and planned — so opening does not wait for the two one after the other (decision 0359's lookup
  // added its round trip to the first image; docs/benchmarks.md, stop 33).
  const middleImage = useRef<{ uid: string; imageId: Promise<string | null> } | null>(null);
  useEffect(() => {
    if (!firstSeries || middleImage.current?.uid === firstSeries.seriesInstanceUid) return;
    middleImage.current = {
      uid: firstSeries.seriesInstanceUid,
      imageId: loadMiddleImage(root, firstSeries).catch(() => null),
    };
  }, [root, firstSeries]);

  // (Re)lays out the viewports whenever the grid changes, and shows what each one had.
  useEffect(() => {
    if (!engine || !planned) return;
    const els = elements.current.slice(0, count).filter((e): e is HTMLDivElement => Boolean(e));
    if (els.length !== count) return;
    engine.stopCine();
    engine.setElements(els, mpr);
    if (mpr) {
      const showMpr = async () => {
        let stack = assigned.current[state.active] ?? assigned.current[0];
        const placed = placement.current[0] ?? firstSeries;
        if (!stack && placed) {
          // a study opened in MPR by its protocol: the placed series' volume
          stack = await loadSeriesStack(root, placed);
          assigned.current[0] = stack;
        }
        if (!stack) return;
        if (!stack.volumetric) {
          setMpr(false);
          return;
        }
        await engine.showMpr(stack);
      };
      showMpr().catch(fail);
      return;
    }
    const showAll = async () => {
      const first = placement.current[0] ?? firstSeries;
      if (!assigned.current[0] && first) {
        // The middle image first, from its own small metadata; the series' metadata (a large answer that keeps the
        // imaging service busy) is asked for once that image is drawn (docs/decisions/0166).
        const asked = middleImage.current;
        const imageId = await (asked?.uid === first.seriesInstanceUid
          ? asked.imageId
          : loadMiddleImage(root, first).catch(() => null));
        if (imageId) await engine.showPreview(0, imageId).catch(() => undefined);
        const stack = await loadSeriesStack(root, first);
        assigned.current[0] = stack;
        const previewId = engine.previewImageId(0);
        const start = previewId ? stack.imageIds.indexOf(previewId) : -1;
        await engine.showStack(0, stack, start >= 0 ? start : undefined);
        for (let n = 1; n < count; n++) {
          // the protocol's series of each other viewport (the reformats, the prior)
          let other = assigned.current[n];
          const placed = placement.current[n];
          if (!other && placed) {
            other = await loadSeriesStack(root, placed);
            assigned.current[n] = other;
          }
          if (other) await engine.showStack(n, other);
        }
        if (count > 1) engine.fitAll();
        if (assigned.current.filter(Boolean).length > 1) engine.linkCompare();
        return;
      }
      for (let n = 0; n < count; n++) {
        let stack = assigned.current[n];
        if (!stack) {
          // an empty viewport of a larger grid gets the study's next series not shown yet (in series order)
          const shown = new Set(assigned.current.flatMap((a) => (a ? [a.series.seriesInstanceUid] : [])));
          const next = series.find((s) => !shown.has(s.seriesInstanceUid) && (s.instanceCount ?? 0) > 0);
          if (next) {
            stack = await loadSeriesStack(root, next);
            assigned.current[n] = stack;
          }
        }
        if (stack) await engine.showStack(n, stack);
      }
      engine.fitAll();
      if (assigned.current.filter(Boolean).length > 1) engine.linkCompare();
    };
    showAll().catch(fail);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the active viewport is read at the switch only
  }, [engine, planned, key, count, firstSeries, series, root, fail]);

  // Keys: arrows and page keys scroll the active viewport.
  useEffect(() => {
    if (!engine) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.target instanceof HTMLInputElement || e.target instanceof HTMLTextAreaElement) return;
      if (e.target instanceof HTMLElement && e.target.isContentEditable) return;
      if (e.ctrlKey || e.metaKey || e.altKey) return;
      const delta = { ArrowDown: 1, ArrowRight: 1, ArrowUp: -1, ArrowLeft: -1, PageDown: 10, PageUp: -10 }[e.key];
      if (delta !== undefined) {
        e.preventDefault();
        engine.scroll(delta);
        return;
      }
      const shortcut = shortcutFor(e.key);
      if (!shortcut) return;
      e.preventDefault();
      if (shortcut.action.kind === 'tool') {
        // a tool of the mode shown (the engine ignores the crosshairs' key outside MPR)
        engine.setTool(shortcut.action.tool);
      } else commands.current[shortcut.action.command]?.();
    };
    const onResize = () => engine.resize();
    const onFit = () => engine.fitAll();
    window.addEventListener('keydown', onKey);
    window.addEventListener('resize', onResize);
    window.addEventListener(VIEWER_FIT_EVENT, onFit);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('resize', onResize);
      window.removeEventListener(VIEWER_FIT_EVENT, onFit);
    };
  }, [engine]);

  // ---- measurements: restore on load, save on completed/modified, delete on removed ----
  const restored = useRef<ViewerEngine | null>(null);
  useEffect(() => {
    if (!engine || !state.viewports[0]?.rendered || restored.current === engine) return;
    restored.current = engine;
    findAnnotations(open.caseId)
      .then((saved) => {
        if (restored.current !== engine) return;
        setAnnotations((list) => [...saved, ...list.filter((a) => !saved.some((s) => s.id === a.id))]);
        engine.restoreAnnotations(saved.filter((a) => a.kind === 'measurement').map((a) => rebased(a, root)));
      })
      .catch(() => undefined);
    // restore once the first image is drawn
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [engine, Boolean(state.viewports[0]?.rendered), open.caseId, root]);

  useEffect(() => {
    if (!engine) return;
    const timers = new Map<string, number>();
    const off = engine.onAnnotation((kind, a) => {
      const toolName = a.metadata?.toolName ?? '';
      const id = a.annotationUID;
      if (!id || !MEASUREMENT_TOOLS.includes(toolName)) return;
      if (kind === 'removed') {
        window.clearTimeout(timers.get(id));
        setAnnotations((list) => list.filter((x) => x.id !== id));
        deleteAnnotation(open.caseId, id).catch(() => undefined);
        return;
      }
      window.clearTimeout(timers.get(id));
      timers.set(
        id,
        window.setTimeout(() => {
          // a measurement on a reformatted plane has no acquired image: it is filed at the series' image nearest to
          // its first point, and named with its plane (docs/decisions/0358)
          const plane = engine.getState().mpr ? planeOfNormal(a.metadata?.viewPlaneNormal) : null;
          const point = (a.data?.handles?.points?.[0] as number[] | undefined) ?? null;
          const ref = imageRefOf(a.metadata?.referencedImageId) ?? imageRefOf(engine.mprImageIdFor(point));
          if (!ref) return;
          const record: ViewerAnnotation = {
            id,
            kind: 'measurement',
            toolName,
            ...ref,
            label: a.data?.label || (plane ? `${toolName} (MPR ${plane})` : toolName),
            value: measurementText(toolName, a.data) || '—',
            data: annotationData(a),
          };
          setAnnotations((list) => [...list.filter((x) => x.id !== id), record]);
          saveAnnotation(open.caseId, record).catch(() => undefined);
        }, SAVE_DELAY_MS),
      );
    });
    return () => {
      off();
      for (const t of timers.values()) window.clearTimeout(t);
    };
  }, [engine, open.caseId]);

  const active = state.active;
  const activeStack = engine?.stackOf(active) ?? null;
  const currentInstance = activeStack?.instances[state.viewports[active]?.imageIndex ?? 0] ?? null;
  const mprAvailable = Boolean(activeStack?.volumetric);

  const showSeries = async (s: SeriesInfo) => {
    if (!engine || mpr) return;
    try {
      const stack = await loadSeriesStack(root, s);
      assigned.current[active] = stack;
      await engine.showStack(active, stack);
    } catch (error) {
      fail(error);
    }
  };

  const compare = async (prior: ViewerPrior) => {
    if (!engine) return;
    try {
      const listed = await listSeries(root, prior.studyInstanceUid, null);
      priorSeries.current = imageSeries(listed);
      const match = bestMatch(listed, assigned.current[0]?.series.modality);
      if (!match) return;
      const stack = await loadSeriesStack(root, match);
      assigned.current[1] = stack;
      setComparing(prior.studyInstanceUid);
      if (mpr || layout !== '1x2') {
        setMpr(false);
        setLayout(layout === '2x2' ? '2x2' : '1x2');
        if (layout !== '1x1' && !mpr) {
          await engine.showStack(1, stack);
          engine.linkCompare();
        }
      } else {
        await engine.showStack(1, stack);
        engine.linkCompare();
      }
    } catch (error) {
      fail(error);
    }
  };

  /** Saves the layout on screen as the centre's protocol for the case's modality and body part (CENTERS › EDIT). */
  const saveLayout = async () => {
    const modality = hanging?.modality ?? open.modalities[0];
    if (!modality) return;
    const rule = ruleOfLayout({
      modality,
      bodyPart: hanging?.bodyPart ?? null,
      layout: mpr ? 'mpr' : layout,
      shown: state.viewports.map((v) => v.seriesUid),
      current: imageSeries(series),
      prior: priorSeries.current,
    });
    const saved = await saveHangingProtocol(open.caseId, rule);
    setHanging((h) =>
      h
        ? {
            ...h,
            protocols: [
              ...h.protocols.filter((p) => !(p.modality === saved.modality && p.bodyPart === saved.bodyPart)),
              saved,
            ],
          }
        : h,
    );
    toastSuccess(HANGING_MESSAGES.saved);
  };

  const keyImage = () => {
    const imageId = engine?.currentImageId();
    const ref = imageRefOf(imageId);
    const vs = state.viewports[active];
    if (!ref || !vs) return;
    const record: ViewerAnnotation = {
      id: crypto.randomUUID(),
      kind: 'keyImage',
      toolName: 'KeyImage',
      ...ref,
      label: 'Key image',
      value: `image ${vs.imageIndex + 1}/${vs.imageCount}`,
      data: { imageIndex: vs.imageIndex },
    };
    setAnnotations((list) => [...list, record]);
    saveAnnotation(open.caseId, record).catch(() => undefined);
  };

  const jump = async (a: ViewerAnnotation) => {
    if (!engine) return;
    if (mpr) {
      engine.showAnnotationInMpr(a.id);
      return;
    }
    const n = state.viewports.findIndex((v) => v.seriesUid === a.seriesInstanceUid);
    let target = n >= 0 ? n : active;
    let stack = engine.stackOf(target);
    if (!stack || stack.series.seriesInstanceUid !== a.seriesInstanceUid) {
      const s = series.find((x) => x.seriesInstanceUid === a.seriesInstanceUid);
      if (!s) return;
      stack = await loadSeriesStack(root, s);
      target = active;
      assigned.current[target] = stack;
      await engine.showStack(target, stack);
    }
    const index = stack.imageIds.findIndex((id) => {
      const r = imageRefOf(id);
      return r?.sopInstanceUid === a.sopInstanceUid && (a.frameNumber === null || r.frameNumber === a.frameNumber);
    });
    if (index >= 0) engine.jumpTo(target, index);
  };

  // the keys' commands close over this render's state: set after each render
  useEffect(() => {
    commands.current = {
      invert: () => engine?.toggleInvert(),
      rotate: () => engine?.rotate(),
      'flip-h': () => engine?.flip('h'),
      'flip-v': () => engine?.flip('v'),
      reset: () => engine?.reset(),
      cine: () => (state.cine ? engine?.stopCine() : engine?.startCine()),
      'key-image': () => !mpr && keyImage(),
      overlay: () => setPatientLines((shown) => !shown),
      shortcuts: () => setShortcutsOpen((o) => !o),
    };
  });

  if (failure) {
    return (
      <Center h="100%">
        <Text data-testid="viewer-message">{failure}</Text>
      </Center>
    );
  }

  const remove = (a: ViewerAnnotation) => {
    setAnnotations((list) => list.filter((x) => x.id !== a.id));
    if (a.kind === 'measurement') engine?.removeAnnotation(a.id);
    deleteAnnotation(open.caseId, a.id).catch(() => undefined);
  };

  return (
    <>
      <Toolbar
        tool={state.tool}
        layout={layout}
        mpr={mpr}
        slab={state.slab}
        onSlab={(mm) => engine?.setSlab(mm)}
        mprAvailable={mprAvailable}
        cine={state.cine}
        cineFps={cineFps}
        synced={state.synced}
        comparing={Boolean(comparing) && !mpr && count > 1}
        onTool={(name) => engine?.setTool(name)}
        onPreset={(c, w) => engine?.setVoi(c, w)}
        onLayout={(l) => {
          setMpr(false);
          setLayout(l);
        }}
        onMpr={() => setMpr((m) => !m)}
        onCine={() => (state.cine ? engine?.stopCine() : engine?.startCine())}
        onCineFps={(fps) => {
          setCineFps(fps);
          engine?.setCineFps(fps);
        }}
        onInvert={() => engine?.toggleInvert()}
        onRotate={() => engine?.rotate()}
        onFlip={(d) => engine?.flip(d)}
        onReset={() => engine?.reset()}
        onTags={() => setTagsOpen(true)}
        onKeyImage={keyImage}
        onSync={(s) => engine?.setSynced(s)}
        onShortcuts={() => setShortcutsOpen(true)}
        onSaveLayout={
          maySaveProtocol && planned && (hanging?.modality ?? open.modalities[0])
            ? () => void saveLayout().catch(() => undefined)
            : undefined
        }
        extra={toolbarExtra}
      />
      <Box
        style={
          narrow
            ? { flex: 1, display: 'flex', flexDirection: 'column', minHeight: 0, overflowY: 'auto' }
            : { flex: 1, display: 'flex', minHeight: 0 }
        }
      >
        <ScrollArea
          w={narrow ? '100%' : 130}
          h={narrow ? 150 : undefined}
          p={6}
          style={narrow ? { order: 2, flexShrink: 0, borderTop: '1px solid #333' } : { borderRight: '1px solid #333' }}
        >
          <SeriesPanel
            root={root}
            series={series}
            shown={state.viewports[active]?.seriesUid ?? null}
            onPick={(s) => void showSeries(s)}
            loadThumbnails={firstDrawn}
          />
        </ScrollArea>
        <Box
          style={
            narrow
              ? { order: 1, height: '62vh', flexShrink: 0, display: 'flex' }
              : { flex: 1, display: 'flex', minWidth: 0, minHeight: 0 }
          }
        >
          {engine && planned ? (
            <ViewportGrid
              key={key}
              count={count}
              columns={columns}
              state={state}
              open={open}
              stackOf={(n) => engine.stackOf(n)}
              patientLines={patientLines}
              setElement={(n, el) => {
                elements.current[n] = el;
              }}
            />
          ) : (
            <Center style={{ flex: 1 }}>
              <Loader type="dots" aria-label="Loading" />
            </Center>
          )}
        </Box>
        <ScrollArea
          w={narrow ? '100%' : 260}
          p={8}
          style={narrow ? { order: 3, flexShrink: 0, borderTop: '1px solid #333' } : { borderLeft: '1px solid #333' }}
        >
          <Stack gap="md">
            <div>
              <Text size="sm" fw={600} mb={4}>
                Priors
              </Text>
              <PriorsPanel
                caseId={open.caseId}
                priors={open.priors}
                comparing={comparing}
                mayReadReports={mayReadReports}
                onCompare={(p) => void compare(p)}
              />
            </div>
            <div data-testid="measurements">
              <Text size="sm" fw={600} mb={4}>
                Measurements
              </Text>
              <MeasurementsPanel annotations={annotations} onJump={(a) => void jump(a)} onDelete={remove} />
            </div>
          </Stack>
        </ScrollArea>
      </Box>
      <TagBrowser instance={currentInstance} opened={tagsOpen} onClose={() => setTagsOpen(false)} />
      <Modal
        opened={shortcutsOpen}
        onClose={() => setShortcutsOpen(false)}
        title="Keyboard shortcuts"
        size="md"
        data-testid="shortcuts"
      >
        <Table striped withRowBorders={false} data-testid="shortcuts-list">
          <Table.Tbody>
            {[...SCROLL_KEYS, ...VIEWER_SHORTCUTS].map((s) => (
              <Table.Tr key={s.key}>
                <Table.Td w={110}>
                  <Kbd>{s.key}</Kbd>
                </Table.Td>
                <Table.Td>{s.label}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Modal>
    </>
  );
}

const noopSubscribe = () => () => undefined;

/**
 * A saved annotation as Cornerstone's: its image id rebuilt on this page's DICOMweb root. One drawn on a reformatted
 * plane (no image id of its own: a sagittal, coronal or oblique MPR view) keeps its plane and frame of reference, and
 * shows where that plane is shown again.
 */
function rebased(a: ViewerAnnotation, root: string): ToolTypes.Annotation {
  const data = a.data as unknown as ToolTypes.Annotation;
  if (data.metadata && !data.metadata.referencedImageId && data.metadata.FrameOfReferenceUID) {
    return { ...data, annotationUID: a.id, metadata: { ...data.metadata, toolName: a.toolName } };
  }
  const frame = a.frameNumber ?? 1;
  const imageId = `wadors:${root}/studies/${a.studyInstanceUid}/series/${a.seriesInstanceUid}/instances/${a.sopInstanceUid}/frames/${frame}`;
  const metadata = { ...data.metadata, toolName: a.toolName, referencedImageId: imageId };
  delete metadata.referencedImageURI;
  return { ...data, annotationUID: a.id, metadata };
}
