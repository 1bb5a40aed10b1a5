import { PUBLIC_ROUTES, type ProtectedRoute } from '@rayworks/contracts';
import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { clearStorage, flagSessionExpired, isSessionExpiredFlagged } from '../api/storage';
import { decideAccess, type LoginState } from '../shared/session/access';
import { useSession } from '../shared/session/useSession';

/** Guards one protected route by module + type + privilege (spec §2, §4); see decideAccess. */
export function RequirePrivilege({ route, children }: { route: ProtectedRoute; children: ReactNode }) {
  const { profile, config } = useSession();
  const location = useLocation();
  const from = `${location.pathname}${location.search}${location.hash}`;
  const decision = decideAccess(profile, config, route.need, from, isSessionExpiredFlagged());

  useEffect(() => {
    if (decision.type === 'session-expired' && !isSessionExpiredFlagged()) {
      clearStorage();
      flagSessionExpired();
    } else if (decision.type === 'forbidden') {
      clearStorage();
    }
  }, [decision.type]);

  switch (decision.type) {
    case 'allow':
      return children;
    case 'login':
    case 'forbidden':
      return <Navigate to={PUBLIC_ROUTES.login} replace state={{ from: decision.from } satisfies LoginState} />;
    case 'session-expired':
      return <Navigate to={PUBLIC_ROUTES.sessionExpired} replace />;
    case 'reset-password':
      return <Navigate to={PUBLIC_ROUTES.updatePassword} replace />;
  }
}
