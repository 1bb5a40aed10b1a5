/**
 * The import screen's file tree (spec §2): Study → Series → files, with counts and sizes, built from the
 * selection the import rules accepted and the files they skipped (libs/dicom planImport). A skipped file sits in
 * its series when it is a non-DICOM file in one of the tree's series folders, else (a .DS_Store, a __MACOSX
 * folder, a dot-file) in the tree's own "skipped" list.
 */

/** Why a file is not imported: a hidden or system file, or a file without DICM at byte 128. */
export type TreeSkipReason = 'hidden' | 'notDicom';

export interface TreeFile {
  name: string;
  path: string;
  size: number;
  skipped?: TreeSkipReason;
}

export interface SeriesNode {
  id: string;
  files: TreeFile[];
  /** Files that will be imported. */
  fileCount: number;
  skippedCount: number;
  size: number;
}

export interface StudyNode {
  id: string;
  series: SeriesNode[];
  fileCount: number;
  skippedCount: number;
  size: number;
}

export interface FileTree {
  studies: StudyNode[];
  /** Skipped files that belong to no series of the tree. */
  looseSkipped: TreeFile[];
  fileCount: number;
  skippedCount: number;
  size: number;
}

export interface TreeAccepted {
  path: string;
  size: number;
  study: string;
  series: string;
}

export interface TreeSkipped {
  path: string;
  reason: TreeSkipReason;
  size?: number;
}

const segments = (path: string) => path.split(/[\\/]+/).filter((s) => s !== '' && s !== '.');
const byId = <T extends { id: string }>(a: T, b: T) => a.id.localeCompare(b.id, 'en', { numeric: true });
const byName = (a: TreeFile, b: TreeFile) => a.name.localeCompare(b.name, 'en', { numeric: true });

export function buildFileTree(accepted: readonly TreeAccepted[], skipped: readonly TreeSkipped[] = []): FileTree {
  const studies = new Map<string, Map<string, SeriesNode>>();
  const seriesOf = (study: string, series: string): SeriesNode => {
    let byStudy = studies.get(study);
    if (!byStudy) studies.set(study, (byStudy = new Map()));
    let node = byStudy.get(series);
    if (!node) byStudy.set(series, (node = { id: series, files: [], fileCount: 0, skippedCount: 0, size: 0 }));
    return node;
  };
  for (const file of accepted) {
    const node = seriesOf(file.study, file.series);
    node.files.push({ name: segments(file.path).at(-1) ?? file.path, path: file.path, size: file.size });
    node.fileCount += 1;
    node.size += file.size;
  }
  const looseSkipped: TreeFile[] = [];
  for (const file of skipped) {
    const parts = segments(file.path);
    const entry: TreeFile = {
      name: parts.at(-1) ?? file.path,
      path: file.path,
      size: file.size ?? 0,
      skipped: file.reason,
    };
    const [study, series] = parts.slice(-3, -1);
    const node = file.reason === 'notDicom' && study && series ? studies.get(study)?.get(series) : undefined;
    if (node) {
      node.files.push(entry);
      node.skippedCount += 1;
    } else looseSkipped.push(entry);
  }
  const studyNodes: StudyNode[] = [...studies.entries()]
    .map(([id, series]) => {
      const list = [...series.values()].sort(byId);
      for (const s of list) s.files.sort(byName);
      return {
        id,
        series: list,
        fileCount: list.reduce((n, s) => n + s.fileCount, 0),
        skippedCount: list.reduce((n, s) => n + s.skippedCount, 0),
        size: list.reduce((n, s) => n + s.size, 0),
      };
    })
    .sort(byId);
  return {
    studies: studyNodes,
    looseSkipped: looseSkipped.sort(byName),
    fileCount: studyNodes.reduce((n, s) => n + s.fileCount, 0),
    skippedCount: skipped.length,
    size: studyNodes.reduce((n, s) => n + s.size, 0),
  };
}
