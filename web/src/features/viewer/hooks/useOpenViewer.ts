import { CASES_API, CONSOLE_ROUTES } from '@rayworks/contracts';
import { useCallback } from 'react';
import { callApi, describeError, shownByPolicy } from '../../../api/client';
import { DEFAULT_VIEWER, usePreferences } from '../../../app/shell/usePreferences';
import { toastError } from '../../../shared/ui/toast';

/** The cloud viewer's address for a case (the route opens in a tab of its own). */
export const cloudViewerUrl = (caseId: string): string =>
  `${CONSOLE_ROUTES.dicomviewer}?case=${encodeURIComponent(caseId)}`;

/** Where the browser goes: a new tab for the cloud viewer, the `weasis://` link for the desktop one. */
export interface ViewerNavigation {
  openTab: (url: string) => void;
  goTo: (url: string) => void;
}

const browserNavigation: ViewerNavigation = {
  openTab: (url) => void window.open(url, '_blank', 'noopener'),
  goTo: (url) => window.location.assign(url),
};

/**
 * "Open in viewer" from the worklist and the case page, in one place: the user's Cloud/Exe choice (top bar, saved per
 * user) decides. Cloud opens /dicomviewer?case=<id> in a new tab at once (in the click, so no pop-up blocker
 * stands in the way) — a study still Cloud Uploading opens too, and the viewer says so (spec §8). Exe asks
 * /cases/viewer/open for the case's Weasis link (a short-lived read-only token for that study) and hands it to the
 * desktop viewer; a failure (no access, …) is a toast.
 */
export function useOpenViewer(navigation: ViewerNavigation = browserNavigation): (caseId: string) => void {
  const { preferences } = usePreferences();
  const choice = preferences?.viewer ?? DEFAULT_VIEWER;
  return useCallback(
    (caseId: string) => {
      if (choice === 'cloud') {
        navigation.openTab(cloudViewerUrl(caseId));
        return;
      }
      callApi(CASES_API.openViewer, { body: { caseId } })
        .then(({ data }) => navigation.goTo(data.weasisUrl))
        .catch((error: unknown) => {
          if (!shownByPolicy(error)) toastError(describeError(error));
        });
    },
    [choice, navigation],
  );
}
