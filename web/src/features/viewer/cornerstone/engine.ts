import {
  Enums as CoreEnums,
  RenderingEngine,
  eventTarget,
  setVolumesForViewports,
  utilities as csUtilities,
  volumeLoader,
  type StackViewport,
  type Types,
  type VolumeViewport,
} from '@cornerstonejs/core';
import {
  CrosshairsTool,
  Enums as ToolEnums,
  PanTool,
  StackScrollTool,
  SynchronizerManager,
  ToolGroupManager,
  ZoomTool,
  annotation as csAnnotation,
  synchronizers,
  utilities as toolUtilities,
  type Types as ToolTypes,
} from '@cornerstonejs/tools';
import { formatVoi, voiRangeOf, windowOf } from '@rayworks/contracts';
import { CACHE_LIMIT_BYTES, initCornerstone } from './init';
import {
  DEFAULT_TOOL,
  MEASUREMENT_TOOLS,
  MPR_TOOLS,
  STACK_TOOLS,
  nearestSliceIndex,
  planeOfNormal,
  toolForMode,
  toolsFor,
  type MprPlane,
} from './mpr';
import { orientationMarkers, type OrientationMarkers } from './orientation';
import { SeriesPrefetcher } from './series-frames';
import { mapStackIndex, stacksLinked, type SeriesStack } from './wado';
import { sharesWindow } from './window-link';

/** A window event: the page's layout changed (the report split opened or closed) — fit every viewport's image. */
export const VIEWER_FIT_EVENT = 'rayworks:viewer-fit';

/** The tools of the toolbar (their Cornerstone names are the test ids' `tool-<name>`; cornerstone/mpr.ts). */
export { MEASUREMENT_TOOLS, MPR_TOOLS, STACK_TOOLS };

export type ViewportMode = 'stack' | 'mpr-axial' | 'mpr-sagittal' | 'mpr-coronal';

/** What the page shows of one viewport (overlays, test attributes). */
export interface ViewportState {
  index: number;
  mode: ViewportMode;
  studyUid: string | null;
  seriesUid: string | null;
  imageIndex: number;
  imageCount: number;
  voi: string;
  zoom: number;
  rendered: boolean;
  /**
   * A second study's viewport beside the current one (viewport 0): whether the two scroll together by patient
   * position (one frame of reference, or overlapping ranges; docs/decisions/0346). Null: nothing to link.
   */
  linked: boolean | null;
  /** The patient directions at the viewport's edges (from its camera; null before an image). */
  markers: OrientationMarkers | null;
  /** Millimetres per CSS pixel at the current zoom (the scale bar); null when unknown. */
  mmPerPixel: number | null;
  /** An MPR viewport's rendering: a thin slice (composite) or a maximum-intensity projection; null in a stack. */
  blend: 'composite' | 'mip' | null;
  /** An MPR viewport's slab thickness in millimetres as Cornerstone has it (null in a stack). */
  slab: number | null;
}

export interface EngineState {
  viewports: ViewportState[];
  active: number;
  tool: string;
  synced: boolean;
  mpr: boolean;
  cine: boolean;
  /** The slab MIP asked for in MPR, millimetres (0: off; cornerstone/mpr.ts SLAB_CHOICES_MM). */
  slab: number;
}

const ENGINE_ID = 'rayworks-viewer';
const STACK_GROUP = 'rw-stack';
const MPR_GROUP = 'rw-mpr';
const VOI_SYNC = 'rw-voi-sync';
const vpId = (n: number) => `vp-${n}`;
/** The crosshairs' line of each MPR viewport (axial, sagittal, coronal) in its plane's colour. */
const PLANE_COLOURS: Record<string, string> = {
  [vpId(0)]: 'rgb(230, 70, 70)',
  [vpId(1)]: 'rgb(240, 200, 0)',
  [vpId(2)]: 'rgb(60, 200, 90)',
};

const emptyViewport = (index: number, mode: ViewportMode = 'stack'): ViewportState => ({
  index,
  mode,
  studyUid: null,
  seriesUid: null,
  imageIndex: 0,
  imageCount: 0,
  voi: '',
  zoom: 1,
  rendered: false,
  linked: null,
  markers: null,
  mmPerPixel: null,
  blend: null,
  slab: null,
});

/**
 * The imperative side of the viewer: one rendering engine, up to four stack viewports (or three MPR viewports),
 * the tool groups, cine, sync of a prior by position and window/level, and the measurements. The React page
 * subscribes to its state (useSyncExternalStore) and calls its methods.
 */
export class ViewerEngine {
  private engine = new RenderingEngine(ENGINE_ID);
  private elements: HTMLDivElement[] = [];
  private stacks: (SeriesStack | null)[] = [];
  private state: EngineState = {
    viewports: [],
    active: 0,
    tool: DEFAULT_TOOL,
    synced: true,
    mpr: false,
    cine: false,
    slab: 0,
  };
  private listeners = new Set<() => void>();
  private syncing = false;
  private voiSync: ReturnType<typeof synchronizers.createVOISynchronizer> | null = null;
  private stackGroup: ToolTypes.IToolGroup;
  private mprGroup: ToolTypes.IToolGroup;
  private firstImageMarked = false;
  private scrollableMarked = false;
  /** Each stack viewport's frames, fetched in batches around the image it shows (docs/decisions/0330). */
  private prefetchers: (SeriesPrefetcher | null)[] = [];
  private cineFps = 15;
  /** The viewport a cine plays in (the prefetch runs ahead of it). */
  private cineViewport: number | null = null;
  private elementListeners: (() => void)[] = [];
  /** Viewports showing a single preview image while their series' metadata loads. */
  private previewing = new Set<number>();
  /**
   * The viewport the reader last scrolled (wheel, keys, a pointer on it, cine, a jump): only it moves the others.
   * Showing a series is no scroll — loading a prior never moves the current image (issue 25 item 6).
   */
  private driver: number | null = null;
  /** Called when a stack of viewport 0 has every image loaded once. */
  onSeriesScrollable: (() => void) | null = null;

  constructor() {
    this.stackGroup = ToolGroupManager.createToolGroup(STACK_GROUP)!;
    for (const name of STACK_TOOLS) this.stackGroup.addTool(name);
    // MPR: every tool of the stack view, plus the crosshairs (docs/decisions/0358)
    this.mprGroup = ToolGroupManager.createToolGroup(MPR_GROUP)!;
    for (const name of STACK_TOOLS) this.mprGroup.addTool(name);
    this.mprGroup.addTool(CrosshairsTool.toolName, {
      // each plane's line in the colour the field uses for it: axial red, sagittal yellow, coronal green
      getReferenceLineColor: (viewportId: string) => PLANE_COLOURS[viewportId] ?? 'rgb(255, 200, 0)',
      getReferenceLineControllable: () => true,
      // the round handles rotate the planes (oblique reformats)
      getReferenceLineDraggableRotatable: () => true,
      // the hollow handles set the slab's thickness while a slab MIP is on
      getReferenceLineSlabThicknessControlsOn: () => this.state.slab > 0,
    });
    this.applyBindings(this.stackGroup, DEFAULT_TOOL);
  }

  // ---- store ----
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
  getState = (): EngineState => this.state;
  private set(patch: Partial<EngineState>): void {
    this.state = { ...this.state, ...patch };
    for (const l of this.listeners) l();
  }
  private setViewport(index: number, patch: Partial<ViewportState>): void {
    const viewports = this.state.viewports.map((v) => (v.index === index ? { ...v, ...patch } : v));
    this.set({ viewports });
  }

  // ---- tools ----
  private applyBindings(group: ToolTypes.IToolGroup, primary: string): void {
    const { MouseBindings } = ToolEnums;
    // every other tool passive: its annotations drawn and their handles draggable (in MPR the crosshairs too)
    for (const name of group.getToolInstances ? Object.keys(group.getToolInstances()) : []) {
      if (name !== primary) group.setToolPassive(name);
    }
    group.setToolActive(primary, { bindings: [{ mouseButton: MouseBindings.Primary }] });
    if (primary !== PanTool.toolName)
      group.setToolActive(PanTool.toolName, { bindings: [{ mouseButton: MouseBindings.Auxiliary }] });
    if (primary !== ZoomTool.toolName)
      group.setToolActive(ZoomTool.toolName, { bindings: [{ mouseButton: MouseBindings.Secondary }] });
    if (primary !== StackScrollTool.toolName) {
      group.setToolActive(StackScrollTool.toolName, { bindings: [{ mouseButton: MouseBindings.Wheel }] });
    } else {
      group.setToolActive(StackScrollTool.toolName, {
        bindings: [{ mouseButton: MouseBindings.Primary }, { mouseButton: MouseBindings.Wheel }],
      });
    }
  }

  /** Makes a tool the left button's, in the tool group of the mode shown (a tool the mode lacks is ignored). */
  setTool(name: string): void {
    if (!toolsFor(this.state.mpr).includes(name)) return;
    this.applyBindings(this.state.mpr ? this.mprGroup : this.stackGroup, name);
    this.set({ tool: name });
  }

  // ---- layout ----
  /** Enables the viewport elements the grid rendered (stack or MPR); the previous viewports are disabled. */
  setElements(elements: HTMLDivElement[], mpr: boolean): void {
    for (const off of this.elementListeners) off();
    this.elementListeners = [];
    this.dropVoiSync();
    this.stacks = [];
    this.driver = null;
    this.stopPrefetch();
    this.previewing.clear();
    for (const vp of this.engine.getViewports()) {
      this.stackGroup.removeViewports(ENGINE_ID, vp.id);
      this.mprGroup.removeViewports(ENGINE_ID, vp.id);
      this.engine.disableElement(vp.id);
    }
    this.elements = elements;
    const orientations = [
      CoreEnums.OrientationAxis.AXIAL,
      CoreEnums.OrientationAxis.SAGITTAL,
      CoreEnums.OrientationAxis.CORONAL,
    ];
    this.engine.setViewports(
      elements.map((element, n) =>
        mpr
          ? {
              viewportId: vpId(n),
              type: CoreEnums.ViewportType.ORTHOGRAPHIC,
              element,
              defaultOptions: { orientation: orientations[n], background: [0, 0, 0] as Types.Point3 },
            }
          : {
              viewportId: vpId(n),
              type: CoreEnums.ViewportType.STACK,
              element,
              defaultOptions: { background: [0, 0, 0] as Types.Point3 },
            },
      ),
    );
    const group = mpr ? this.mprGroup : this.stackGroup;
    // crosshairs need their three viewports before they are active (or passive: drawn, their handles draggable)
    if (mpr) this.mprGroup.setToolDisabled(CrosshairsTool.toolName);
    elements.forEach((element, n) => {
      group.addViewport(vpId(n), ENGINE_ID);
      this.listen(element, n);
    });
    // the reader's tool stays across the switch (window/level stays window/level); the crosshairs leave with MPR
    const tool = toolForMode(this.state.tool, mpr);
    this.applyBindings(group, tool);
    const modes: ViewportMode[] = ['mpr-axial', 'mpr-sagittal', 'mpr-coronal'];
    this.set({
      viewports: elements.map((_, n) => emptyViewport(n, mpr ? modes[n]! : 'stack')),
      active: Math.min(this.state.active, elements.length - 1),
      mpr,
      tool,
      slab: mpr ? this.state.slab : 0,
    });
  }

  private listen(element: HTMLDivElement, n: number): void {
    const onRendered = () => this.refresh(n);
    const onNewImage = () => {
      this.refresh(n);
      this.syncFrom(n);
      this.focusPrefetch(n);
    };
    const onActivate = () => {
      this.driver = n;
      if (this.state.active !== n) this.set({ active: n });
    };
    const onWheel = () => {
      this.driver = n;
    };
    element.addEventListener(CoreEnums.Events.IMAGE_RENDERED, onRendered);
    element.addEventListener(CoreEnums.Events.STACK_NEW_IMAGE, onNewImage);
    element.addEventListener(CoreEnums.Events.VOI_MODIFIED, onRendered);
    element.addEventListener(CoreEnums.Events.CAMERA_MODIFIED, onRendered);
    element.addEventListener('pointerdown', onActivate);
    element.addEventListener('wheel', onWheel, { capture: true, passive: true });
    this.elementListeners.push(() => {
      element.removeEventListener('wheel', onWheel, { capture: true });
      element.removeEventListener(CoreEnums.Events.IMAGE_RENDERED, onRendered);
      element.removeEventListener(CoreEnums.Events.STACK_NEW_IMAGE, onNewImage);
      element.removeEventListener(CoreEnums.Events.VOI_MODIFIED, onRendered);
      element.removeEventListener(CoreEnums.Events.CAMERA_MODIFIED, onRendered);
      element.removeEventListener('pointerdown', onActivate);
    });
  }

  viewport(n: number): Types.IViewport | undefined {
    return this.engine.getViewport(vpId(n));
  }
  private stackViewport(n: number): StackViewport | undefined {
    const vp = this.viewport(n);
    return vp && this.state.viewports[n]?.mode === 'stack' ? (vp as StackViewport) : undefined;
  }
  /** The image index each viewport shows, kept by series across layout changes. */
  private lastIndex = new Map<string, number>();
  indexFor(stack: SeriesStack): number | undefined {
    return this.lastIndex.get(stack.series.seriesInstanceUid);
  }
  stackOf(n: number): SeriesStack | null {
    return this.stacks[n] ?? null;
  }

  /** Reads a viewport's index, window and zoom into the state (after a render or a new image). */
  private refresh(n: number): void {
    const vp = this.viewport(n);
    const current = this.state.viewports[n];
    if (!vp || !current) return;
    const props = (vp as StackViewport).getProperties?.() as
      { voiRange?: { lower: number; upper: number } } | undefined;
    const range = props?.voiRange;
    const voi = range ? (({ center, width }) => formatVoi(center, width))(windowOf(range)) : '';
    if (this.previewing.has(n)) {
      // the preview is drawn: the first image, but not yet the series (no index or count to report)
      if (n === 0 && !this.firstImageMarked) {
        this.firstImageMarked = true;
        performance.mark('viewer:first-image');
      }
      if (!current.rendered) this.setViewport(n, { rendered: true });
      return;
    }
    const stack = current.mode === 'stack';
    const imageIndex = stack ? (vp as StackViewport).getCurrentImageIdIndex() : (vp.getSliceIndex?.() ?? 0);
    const imageCount = stack ? (vp as StackViewport).getImageIds().length : (vp.getNumberOfSlices?.() ?? 0);
    const zoom = Math.round(vp.getZoom() * 100) / 100;
    const camera = vp.getCamera();
    const markers =
      camera.viewUp && camera.viewPlaneNormal ? orientationMarkers(camera.viewUp, camera.viewPlaneNormal) : null;
    const height = this.elements[n]?.clientHeight ?? 0;
    const mmPerPixel =
      camera.parallelScale && height > 0 ? Math.round(((2 * camera.parallelScale) / height) * 1e4) / 1e4 : null;
    const sameMarkers = JSON.stringify(current.markers) === JSON.stringify(markers);
    const volume = stack ? null : (vp as VolumeViewport);
    const blend = volume
      ? volume.getBlendMode?.() === CoreEnums.BlendModes.MAXIMUM_INTENSITY_BLEND
        ? 'mip'
        : 'composite'
      : null;
    const rawSlab = volume?.getSlabThickness?.();
    const slab = typeof rawSlab === 'number' ? Math.round(rawSlab * 10) / 10 : null;
    // an empty viewport's render is not "rendered": what waits for the first image (thumbnails, annotations) waits
    const rendered = current.rendered || imageCount > 0;
    if (
      current.blend === blend &&
      current.slab === slab &&
      current.voi === voi &&
      current.imageIndex === imageIndex &&
      current.imageCount === imageCount &&
      current.zoom === zoom &&
      sameMarkers &&
      current.mmPerPixel === mmPerPixel &&
      current.rendered === rendered
    ) {
      return;
    }
    const uid = current.mode === 'stack' ? this.stacks[n]?.series.seriesInstanceUid : undefined;
    if (uid) this.lastIndex.set(uid, imageIndex);
    this.setViewport(n, { voi, imageIndex, imageCount, zoom, markers, mmPerPixel, blend, slab, rendered });
    if (n === 0 && !this.firstImageMarked && imageCount > 0) {
      this.firstImageMarked = true;
      performance.mark('viewer:first-image');
    }
  }

  // ---- stacks ----
  /** The image id of a viewport's preview, if it shows one. */
  previewImageId(n: number): string | null {
    if (!this.previewing.has(n)) return null;
    return this.stackViewport(n)?.getCurrentImageId() ?? null;
  }

  /** Shows one image of a series before its metadata has arrived (replaced by showStack). */
  async showPreview(n: number, imageId: string): Promise<void> {
    const vp = this.stackViewport(n);
    if (!vp || this.stacks[n]) return;
    this.previewing.add(n);
    await vp.setStack([imageId], 0);
    if (!this.previewing.has(n)) return;
    vp.render();
  }

  /** Shows a series in a viewport: the middle image first, then the rest of the stack outwards from it. */
  async showStack(n: number, stack: SeriesStack, startIndex?: number): Promise<void> {
    const vp = this.stackViewport(n);
    if (!vp) return;
    this.previewing.delete(n);
    this.prefetchers[n]?.stop();
    this.prefetchers[n] = null;
    this.stacks[n] = stack;
    const start = Math.min(
      stack.imageIds.length - 1,
      Math.max(0, startIndex ?? this.indexFor(stack) ?? Math.floor(stack.imageIds.length / 2)),
    );
    this.setViewport(n, {
      studyUid: stack.series.studyInstanceUid,
      seriesUid: stack.series.seriesInstanceUid,
      imageCount: stack.imageIds.length,
      imageIndex: start,
      rendered: false,
    });
    if (this.driver === n) this.driver = null;
    // the link with viewport 0 is the new stack's from the start (not the last one's while its images load)
    this.updateLinks();
    await vp.setStack(stack.imageIds, start);
    vp.render();
    this.refresh(n);
    this.updateLinks();
    this.prefetch(n, stack, start);
  }

  /** Each other viewport's link with viewport 0 (by frame of reference or overlapping ranges) into the state. */
  private updateLinks(): void {
    const base = this.state.mpr ? null : this.stacks[0];
    const viewports = this.state.viewports.map((v) => {
      const other = this.stacks[v.index];
      const linked = base && other && v.index !== 0 && other !== base ? stacksLinked(base, other) : null;
      return v.linked === linked ? v : { ...v, linked };
    });
    if (viewports.some((v, i) => v !== this.state.viewports[i])) this.set({ viewports });
  }

  /**
   * Fetches the stack's images in batches (series-frames.ts), outwards from the one shown: the whole stack once when
   * it fits the cache, else a window around the image shown that follows it (ahead of a playing cine).
   */
  private prefetch(n: number, stack: SeriesStack, start: number): void {
    this.prefetchers[n]?.stop();
    const prefetcher = new SeriesPrefetcher(stack.url, stack.imageIds, stack.instances, CACHE_LIMIT_BYTES, () => {
      if (n === 0 && !this.scrollableMarked && this.stacks[0] === stack) {
        this.scrollableMarked = true;
        performance.mark('viewer:series-scrollable');
        this.onSeriesScrollable?.();
      }
    });
    this.prefetchers[n] = prefetcher;
    prefetcher.focus(start, this.cineDirection(n), true);
  }

  /** The image shown in viewport `n` changed: the prefetch window follows it. */
  private focusPrefetch(n: number): void {
    const vp = this.stackViewport(n);
    if (!vp || this.previewing.has(n)) return;
    this.prefetchers[n]?.focus(vp.getCurrentImageIdIndex(), this.cineDirection(n), true);
  }

  /** +1 while a cine plays forwards in viewport `n` (the prefetch runs ahead of it), else 0. */
  private cineDirection(n: number): number {
    return this.state.cine && this.cineViewport === n ? 1 : 0;
  }

  private stopPrefetch(): void {
    for (const prefetcher of this.prefetchers) prefetcher?.stop();
    this.prefetchers = [];
  }

  /** Scrolls the active (or given) viewport by `delta` images. */
  scroll(delta: number, n = this.state.active): void {
    const vp = this.viewport(n);
    if (!vp) return;
    this.driver = n;
    csUtilities.scroll(vp, { delta });
  }

  jumpTo(n: number, index: number): void {
    const vp = this.stackViewport(n);
    if (!vp) return;
    this.driver = n;
    void vp.setImageIdIndex(index);
  }

  // ---- presentation ----
  setVoi(center: number, width: number, n = this.state.active): void {
    const vp = this.viewport(n);
    if (!vp) return;
    (vp as StackViewport).setProperties({ voiRange: voiRangeOf(center, width) });
    vp.render();
  }
  toggleInvert(n = this.state.active): void {
    const vp = this.viewport(n) as StackViewport | undefined;
    if (!vp) return;
    vp.setProperties({ invert: !vp.getProperties().invert });
    vp.render();
  }
  rotate(n = this.state.active): void {
    const vp = this.viewport(n);
    if (!vp) return;
    const rotation = ((vp.getViewPresentation().rotation ?? 0) + 90) % 360;
    vp.setViewPresentation({ rotation });
    vp.render();
  }
  flip(direction: 'h' | 'v', n = this.state.active): void {
    const vp = this.viewport(n);
    if (!vp) return;
    const cam = vp.getCamera();
    vp.setCamera(direction === 'h' ? { flipHorizontal: !cam.flipHorizontal } : { flipVertical: !cam.flipVertical });
    vp.render();
  }
  reset(n = this.state.active): void {
    const vp = this.viewport(n) as StackViewport | undefined;
    if (!vp) return;
    vp.resetCamera();
    vp.resetProperties?.();
    vp.render();
    // a reset keeps the slab MIP asked for (resetProperties thins the slab)
    if (this.state.mpr && this.state.slab > 0) this.applySlab();
  }

  // ---- cine ----
  setCineFps(fps: number): void {
    this.cineFps = Math.max(1, Math.min(60, fps));
    if (this.state.cine) {
      this.stopCine();
      this.startCine();
    }
  }
  startCine(n = this.state.active): void {
    const element = this.elements[n];
    if (!element) return;
    toolUtilities.cine.playClip(element, { framesPerSecond: this.cineFps, loop: true });
    this.cineViewport = n;
    this.driver = n;
    this.set({ cine: true });
    this.focusPrefetch(n);
  }
  stopCine(): void {
    for (const element of this.elements) toolUtilities.cine.stopClip(element);
    const was = this.cineViewport;
    this.cineViewport = null;
    this.set({ cine: false });
    if (was !== null) this.focusPrefetch(was);
  }

  // ---- compare: sync by position and window/level ----
  setSynced(synced: boolean): void {
    this.set({ synced });
    this.updateVoiSync();
    if (synced) this.syncFrom(this.driver ?? 0, true);
  }
  private updateVoiSync(): void {
    const wanted = this.state.synced && !this.state.mpr && this.stacks.filter(Boolean).length > 1;
    if (!wanted) {
      this.dropVoiSync();
      return;
    }
    this.voiSync ??= synchronizers.createVOISynchronizer(VOI_SYNC, {
      syncInvertState: true,
      syncColormap: false,
    } as never);
    const base = this.stacks[0]?.series;
    this.stacks.forEach((s, n) => {
      if (s && this.stackViewport(n) && (!base || sharesWindow(base, s.series)))
        this.voiSync!.add({ renderingEngineId: ENGINE_ID, viewportId: vpId(n) });
    });
  }
  private dropVoiSync(): void {
    if (this.voiSync) SynchronizerManager.destroySynchronizer(VOI_SYNC);
    this.voiSync = null;
  }
  /** After a prior is loaded beside the current study. */
  linkCompare(): void {
    this.updateVoiSync();
    this.updateLinks();
    this.syncFrom(0, true);
  }
  /**
   * Moves the other stack viewports linked with viewport `n` (stacksLinked) to the slice nearest by patient position
   * to `n`'s slice — when `n` is the viewport the reader scrolled, or when asked (`force`: a prior just compared
   * follows the current image). Viewports not linked stay where they are.
   */
  private syncFrom(n: number, force = false): void {
    if (!this.state.synced || this.state.mpr || this.syncing) return;
    if (!force && this.driver !== n) return;
    const source = this.stacks[n];
    const vp = this.stackViewport(n);
    if (!source || !vp) return;
    const index = vp.getCurrentImageIdIndex();
    this.syncing = true;
    try {
      this.stacks.forEach((target, m) => {
        if (m === n || !target) return;
        const mapped = mapStackIndex(source, index, target);
        const other = this.stackViewport(m);
        if (mapped !== null && other && other.getCurrentImageIdIndex() !== mapped) void other.setImageIdIndex(mapped);
      });
    } finally {
      this.syncing = false;
    }
  }

  // ---- MPR ----
  /** Shows the series as axial, sagittal and coronal views of one streaming volume, with crosshairs. */
  async showMpr(stack: SeriesStack): Promise<void> {
    const volumeId = `cornerstoneStreamingImageVolume:${stack.series.seriesInstanceUid}`;
    const volume = await volumeLoader.createAndCacheVolume(volumeId, { imageIds: stack.imageIds });
    (volume as unknown as { load: () => void }).load();
    await setVolumesForViewports(this.engine, [{ volumeId }], [0, 1, 2].map(vpId));
    this.stacks = [stack, stack, stack];
    [0, 1, 2].forEach((n) =>
      this.setViewport(n, { studyUid: stack.series.studyInstanceUid, seriesUid: stack.series.seriesInstanceUid }),
    );
    // one window for the three planes of one volume: window/level in one moves the others
    this.dropVoiSync();
    this.voiSync = synchronizers.createVOISynchronizer(VOI_SYNC, {
      syncInvertState: true,
      syncColormap: false,
    } as never);
    for (const n of [0, 1, 2]) this.voiSync.add({ renderingEngineId: ENGINE_ID, viewportId: vpId(n) });
    this.applySlab();
    this.engine.renderViewports([0, 1, 2].map(vpId));
    [0, 1, 2].forEach((n) => this.refresh(n));
  }

  /**
   * A slab maximum-intensity projection of `mm` millimetres in the three MPR planes (0: off, a thin composite slice).
   * Cornerstone: VolumeViewport.setBlendMode(MAXIMUM_INTENSITY_BLEND) and setSlabThickness (docs/decisions/0358).
   */
  setSlab(mm: number): void {
    this.set({ slab: Math.max(0, mm) });
    this.applySlab();
  }

  private applySlab(): void {
    if (!this.state.mpr) return;
    const mm = this.state.slab;
    for (const n of [0, 1, 2]) {
      const vp = this.viewport(n) as VolumeViewport | undefined;
      if (!vp?.setBlendMode || !vp.getDefaultActor?.()) continue;
      if (mm > 0) {
        vp.setBlendMode(CoreEnums.BlendModes.MAXIMUM_INTENSITY_BLEND);
        vp.setSlabThickness(mm);
      } else {
        vp.setBlendMode(CoreEnums.BlendModes.COMPOSITE);
        vp.resetSlabThickness();
      }
      vp.render();
      this.refresh(n);
    }
  }

  /** The plane an MPR viewport shows (axial/sagittal/coronal, oblique once rotated); null in a stack. */
  planeOf(n: number): MprPlane | null {
    if (this.state.viewports[n]?.mode === 'stack') return null;
    return planeOfNormal(this.viewport(n)?.getCamera().viewPlaneNormal);
  }

  /**
   * Where a measurement drawn on a reformatted plane is filed: the MPR series' image id nearest to its first point
   * (a sagittal or coronal plane has no acquired image of its own). Null outside MPR.
   */
  mprImageIdFor(point: readonly number[] | null | undefined): string | null {
    if (!this.state.mpr) return null;
    const stack = this.stacks[0];
    if (!stack) return null;
    const index = nearestSliceIndex(stack.positions, stack.orientation, point);
    return index === null ? null : (stack.imageIds[index] ?? null);
  }

  // ---- measurements ----
  /** The annotation events (completed, modified, removed) for the page to save. */
  onAnnotation(handler: (kind: 'saved' | 'removed', annotation: ToolTypes.Annotation) => void): () => void {
    const saved = (evt: Event) =>
      handler('saved', (evt as CustomEvent<{ annotation: ToolTypes.Annotation }>).detail.annotation);
    const removed = (evt: Event) =>
      handler('removed', (evt as CustomEvent<{ annotation: ToolTypes.Annotation }>).detail.annotation);
    const { ANNOTATION_COMPLETED, ANNOTATION_MODIFIED, ANNOTATION_REMOVED } = ToolEnums.Events;
    eventTarget.addEventListener(ANNOTATION_COMPLETED, saved);
    eventTarget.addEventListener(ANNOTATION_MODIFIED, saved);
    eventTarget.addEventListener(ANNOTATION_REMOVED, removed);
    return () => {
      eventTarget.removeEventListener(ANNOTATION_COMPLETED, saved);
      eventTarget.removeEventListener(ANNOTATION_MODIFIED, saved);
      eventTarget.removeEventListener(ANNOTATION_REMOVED, removed);
    };
  }

  /** Puts saved annotations back into Cornerstone's annotation state (their stats are recomputed when drawn). */
  restoreAnnotations(annotations: ToolTypes.Annotation[]): void {
    const element = this.elements[0];
    if (!element) return;
    for (const a of annotations) {
      if (a.annotationUID && csAnnotation.state.getAnnotation(a.annotationUID)) continue;
      csAnnotation.state.addAnnotation({ ...a, invalidated: true } as ToolTypes.Annotation, element);
    }
    this.engine.render();
  }

  /** In MPR: shows a measurement's plane and slice in the viewport that can show it (the first that can). */
  showAnnotationInMpr(uid: string): boolean {
    const reference = csAnnotation.state.getAnnotation(uid)?.metadata as Types.ViewReference | undefined;
    if (!this.state.mpr || !reference) return false;
    for (const n of [0, 1, 2]) {
      const vp = this.viewport(n);
      if (vp?.isReferenceViewable(reference, { withNavigation: true })) {
        vp.setViewReference(reference);
        vp.render();
        return true;
      }
    }
    return false;
  }

  removeAnnotation(uid: string): void {
    csAnnotation.state.removeAnnotation(uid);
    this.engine.render();
  }

  /** The image currently shown in a viewport: its image id (for key images). */
  currentImageId(n = this.state.active): string | null {
    const vp = this.stackViewport(n);
    return vp ? (vp.getCurrentImageId() ?? null) : null;
  }

  resize(): void {
    this.engine.resize(true, true);
  }

  /** After a new grid: every viewport measured again and its image fitted to it (a camera set while the grid was
   * still being laid out would otherwise stay, e.g. a 2×2 left with a tiny image in its first viewport). */
  fitAll(): void {
    this.engine.resize(true, false);
  }

  destroy(): void {
    this.stopCine();
    this.stopPrefetch();
    for (const off of this.elementListeners) off();
    this.dropVoiSync();
    ToolGroupManager.destroyToolGroup(STACK_GROUP);
    ToolGroupManager.destroyToolGroup(MPR_GROUP);
    this.engine.destroy();
  }
}

let prepared: Promise<ViewerEngine> | null = null;

/**
 * Cornerstone and the viewer's engine (its WebGL context, tool groups), made once and early: the page asks for it at
 * its start, while the case opens, so that the first image does not wait for them.
 */
export function prepareEngine(): Promise<ViewerEngine> {
  prepared ??= initCornerstone().then(() => new ViewerEngine());
  return prepared;
}

/** Destroys the engine when its page goes (a later page makes a new one). */
export function releaseEngine(engine: ViewerEngine): void {
  engine.destroy();
  prepared = null;
}
