import { describe, expect, it } from '@jest/globals';
import { buildFileTree } from './file-tree';

const f = (path: string, size = 100) => {
  const [study, series] = path.split('/').slice(-3);
  return { path, size, study: study!, series: series! };
};

describe('buildFileTree', () => {
  it('groups files by study and series with counts and sizes, in numeric order', () => {
    const tree = buildFileTree([
      f('1.2.3/1.2.3.10/5.dcm'),
      f('1.2.3/1.2.3.2/2.dcm', 50),
      f('1.2.3/1.2.3.2/10.dcm', 50),
      f('1.2.3/1.2.3.10/1.dcm'),
    ]);
    expect(tree.studies).toHaveLength(1);
    const [study] = tree.studies;
    expect(study).toMatchObject({ id: '1.2.3', fileCount: 4, skippedCount: 0, size: 300 });
    expect(study!.series.map((s) => [s.id, s.fileCount, s.size])).toEqual([
      ['1.2.3.2', 2, 100],
      ['1.2.3.10', 2, 200],
    ]);
    expect(study!.series[0]!.files.map((x) => x.name)).toEqual(['2.dcm', '10.dcm']);
    expect(tree).toMatchObject({ fileCount: 4, skippedCount: 0, size: 300, looseSkipped: [] });
  });

  it('shows a skipped file in its series when its folder is in the tree, else in the loose list', () => {
    const tree = buildFileTree(
      [f('top/1.2/1.2.1/1.dcm')],
      [
        { path: 'top/1.2/1.2.1/2.dcm', reason: 'notDicom', size: 12 },
        { path: 'top/1.2/.DS_Store', reason: 'hidden' },
        { path: 'top/__MACOSX/1.2/1.2.1/._1.dcm', reason: 'hidden' },
      ],
    );
    const series = tree.studies[0]!.series[0]!;
    expect(series.files.map((x) => [x.name, x.skipped ?? null])).toEqual([
      ['1.dcm', null],
      ['2.dcm', 'notDicom'],
    ]);
    expect(series).toMatchObject({ fileCount: 1, skippedCount: 1, size: 100 });
    expect(tree.studies[0]!.skippedCount).toBe(1);
    expect(tree.looseSkipped.map((x) => x.name)).toEqual(['._1.dcm', '.DS_Store']);
    expect(tree.skippedCount).toBe(3);
    expect(tree.fileCount).toBe(1);
  });

  it('keeps several studies apart', () => {
    const tree = buildFileTree([f('2/1/1.dcm'), f('1/1/1.dcm'), f('1/2/1.dcm')]);
    expect(tree.studies.map((s) => [s.id, s.series.length, s.fileCount])).toEqual([
      ['1', 2, 2],
      ['2', 1, 1],
    ]);
  });
});
