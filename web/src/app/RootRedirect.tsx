import { Navigate } from 'react-router-dom';
import { homePath } from '../shared/session/access';
import { useSession } from '../shared/session/useSession';

/** The root goes to /groups, or to the first permitted menu link when /groups is not permitted (spec §2). */
export function RootRedirect() {
  const { config } = useSession();
  return <Navigate to={homePath(config)} replace />;
}
