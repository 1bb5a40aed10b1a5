import { importMachine, selectImportView, type ImportPickedFile } from '@rayworks/lifecycles';
import { useMachine } from '@xstate/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { toastError, toastSuccess } from '../../../shared/ui/toast';
import { buildFileTree, type FileTree } from '../machines/file-tree';
import { importActors, type ImportTarget, type ValidationReport } from '../machines/import-actors';
import type { SeriesSummary } from '../machines/series-summary';

/**
 * The import screen's flow: the import machine of libs/lifecycles (XState v5) driven with @xstate/react, its actors
 * provided by the console (import-actors.ts). Gives the view (selectImportView), the tree and the preview file of
 * the last validation, and the commands the screen's controls send. Each toast the machine asks for is shown once.
 */
const NO_FILES: Blob[] = [];
const NO_SUMMARIES: Record<string, SeriesSummary> = {};

export function useImportFlow(target: ImportTarget | null) {
  const [report, setReport] = useState<ValidationReport | null>(null);
  const flow = useMemo(
    () => importActors(target ?? { centerId: '' }, setReport),
    // one set of actors per screen and target
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [target?.groupId, target?.centerId],
  );
  const machine = useMemo(
    () =>
      importMachine.provide({
        actors: flow.actors,
        actions: { abandonImport: (_, params: { importId: string | null }) => flow.abandon(params.importId) },
      }),
    [flow],
  );
  const [snapshot, send] = useMachine(machine);
  const view = selectImportView(snapshot);

  const shown = useRef<unknown>(null);
  useEffect(() => {
    const toast = snapshot.context.toast;
    if (!toast || shown.current === toast) return;
    shown.current = toast;
    if (toast.kind === 'error') toastError(toast.message);
    else toastSuccess(toast.message);
  }, [snapshot.context.toast]);

  const tree: FileTree | null = useMemo(
    () =>
      report && view.state !== 'noFolder'
        ? buildFileTree(
            report.plan.accepted,
            report.plan.skipped.map((s) => ({ path: s.path, reason: s.reason })),
          )
        : null,
    [report, view.state],
  );

  return {
    view,
    importId: snapshot.context.importId,
    tree,
    previewFiles: view.state === 'noFolder' ? NO_FILES : (report?.previewFiles ?? NO_FILES),
    /** Each series' descriptions, modality, date and UIDs (the tree's lines), by seriesKey. */
    summaries: view.state === 'noFolder' ? NO_SUMMARIES : (report?.series ?? NO_SUMMARIES),
    pick: (files: readonly ImportPickedFile[]) => {
      setReport(null);
      send({ type: 'import.pick', files });
    },
    start: () => send({ type: 'import.start' }),
    cancel: () => send({ type: 'import.cancel' }),
    retry: () => send({ type: 'import.retry' }),
    closeNow: () => send({ type: 'import.close' }),
  };
}
