import { CASES_API, CONSOLE_ROUTES } from '@rayworks/contracts';
import { useCallback } from 'react';
import { callApi, describeError, shownByPolicy } from '../../api/client';
import { DEFAULT_VIEWER, usePreferences, type ViewerChoice } from '../session/usePreferences';
import { toastError } from '../ui/toast';

/** The cloud viewer's address for a case (the route opens in a tab of its own). */
export const cloudViewerUrl = (caseId: string): string =>
  `${CONSOLE_ROUTES.dicomviewer}?case=${encodeURIComponent(caseId)}`;

/** What opening a case needs from the browser and the API (the browser's and callApi's in the console). */
export interface ViewerOpeners {
  /** Opens a console URL in a new tab. */
  openTab: (url: string) => void;
  /** Sends the browser to a URL (the weasis:// link hands it to the desktop viewer). */
  goTo: (url: string) => void;
  /** /cases/viewer/open's Weasis link for a case. */
  weasisUrl: (caseId: string) => Promise<string>;
  /** Tells the user a failure. */
  fail: (error: unknown) => void;
}

/**
 * Opens a case in the viewer the user chose: Cloud opens /dicomviewer?case=<id> in a new tab at once, in the click
 * (no pop-up blocker stands in the way) — a study still Cloud Uploading opens too, and the viewer says so (spec §8);
 * Exe asks for the case's Weasis link (a short-lived read-only token for that study) and follows it. Answers when
 * done (the Exe road waits for the API).
 */
export async function openCaseViewer(choice: ViewerChoice, caseId: string, openers: ViewerOpeners): Promise<void> {
  if (choice !== 'exe') {
    openers.openTab(cloudViewerUrl(caseId));
    return;
  }
  try {
    openers.goTo(await openers.weasisUrl(caseId));
  } catch (error) {
    openers.fail(error);
  }
}

const browserOpeners: ViewerOpeners = {
  openTab: (url) => void window.open(url, '_blank', 'noopener'),
  goTo: (url) => window.location.assign(url),
  weasisUrl: async (caseId) => (await callApi(CASES_API.openViewer, { body: { caseId } })).data.weasisUrl,
  fail: (error) => {
    if (!shownByPolicy(error)) toastError(describeError(error));
  },
};

/**
 * "Open in viewer" from the worklist and the case page, in one place: the user's Cloud/Exe choice (top bar, saved per
 * user; Cloud until it is known) decides (openCaseViewer).
 */
export function useOpenViewer(openers: ViewerOpeners = browserOpeners): (caseId: string) => void {
  const { preferences } = usePreferences();
  const choice = preferences?.viewer ?? DEFAULT_VIEWER;
  return useCallback((caseId: string) => void openCaseViewer(choice, caseId, openers), [choice, openers]);
}
