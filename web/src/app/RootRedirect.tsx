import { Navigate } from 'react-router-dom';
import { homePath } from '../shared/session/access';
import { useSession } from '../shared/session/useSession';

/**
 * The root goes to the user's role's start page (docs/decisions/0338), else to /groups, or to the first permitted menu
 * link when /groups is not permitted (spec §2).
 */
export function RootRedirect() {
  const { config, profile } = useSession();
  return <Navigate to={homePath(config, profile?.roleCodes)} replace />;
}
