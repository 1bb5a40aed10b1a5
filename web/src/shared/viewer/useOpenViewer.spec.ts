import { describe, expect, it, jest } from '@jest/globals';
import { cloudViewerUrl, openCaseViewer, type ViewerOpeners } from './useOpenViewer';

const CASE_ID = '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b';

function openers(weasis: () => Promise<string> = async () => 'weasis://?%24dicom%3Ars') {
  const calls: string[] = [];
  const o: ViewerOpeners = {
    openTab: (url) => calls.push(`tab ${url}`),
    goTo: (url) => calls.push(`go ${url}`),
    weasisUrl: jest.fn(weasis),
    fail: (error) => calls.push(`fail ${(error as Error).message}`),
  };
  return { o, calls };
}

describe('opening a case in the viewer', () => {
  it('Cloud: the case in the /dicomviewer route, in a new tab, without asking the API', async () => {
    const { o, calls } = openers();
    await openCaseViewer('cloud', CASE_ID, o);
    expect(calls).toEqual([`tab /dicomviewer?case=${CASE_ID}`]);
    expect(o.weasisUrl).not.toHaveBeenCalled();
    expect(cloudViewerUrl('a b&c')).toBe('/dicomviewer?case=a%20b%26c');
  });

  it("Exe: the browser goes to the case's weasis:// link; a failure is told, nothing opens", async () => {
    const ok = openers();
    await openCaseViewer('exe', CASE_ID, ok.o);
    expect(ok.o.weasisUrl).toHaveBeenCalledWith(CASE_ID);
    expect(ok.calls).toEqual(['go weasis://?%24dicom%3Ars']);
    const refused = openers(() => Promise.reject(new Error('no access')));
    await openCaseViewer('exe', CASE_ID, refused.o);
    expect(refused.calls).toEqual(['fail no access']);
  });
});
