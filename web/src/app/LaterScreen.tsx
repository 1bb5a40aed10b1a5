import type { ProtectedRoute } from '@rayworks/contracts';
import { useLocation } from 'react-router-dom';
import { NotYetAvailable } from '../shared/ui/NotYetAvailable';
import { homePath } from '../shared/session/access';
import { useSession } from '../shared/session/useSession';

/** A protected route whose screen comes with later work: says so, and links to the start page unless it is the start page. */
export function LaterScreen({ route }: { route: ProtectedRoute }) {
  const { config, profile } = useSession();
  const { pathname } = useLocation();
  return (
    <NotYetAvailable
      title={route.title}
      fullPage={route.chromeless}
      withBackLink={homePath(config, profile?.roleCodes) !== pathname}
    />
  );
}
