import { useQueryClient } from '@tanstack/react-query';
import { PUBLIC_ROUTES } from '@rayworks/contracts';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { clearStorage } from '../../../api/storage';
import { closeRealtime } from '../../../realtime/availability-connection';
import { PageLoader } from '../../../shared/ui/PageLoader';
import { revokeSession } from '../hooks/useLogin';

/**
 * /logout (spec §2, §4): revokes the session on the server (best effort), closes the real-time connection,
 * clears local and session storage and the query cache, and goes to /login.
 */
export function LogoutPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void revokeSession().finally(() => {
      closeRealtime();
      clearStorage();
      queryClient.removeQueries();
      navigate(PUBLIC_ROUTES.login, { replace: true });
    });
  }, [navigate, queryClient]);
  return <PageLoader />;
}
