import { Button } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { AUTH_MESSAGES, PUBLIC_ROUTES } from '@rayworks/contracts';
import { IconClockX, IconMapOff, IconServerOff, IconTool, IconWifiOff } from '@tabler/icons-react';
import { useEffect, useSyncExternalStore } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { takeOfflineOrigin } from '../../../api/storage';
import { NotYetAvailable } from '../../../shared/ui/NotYetAvailable';
import { StatusMessage } from '../components/StatusMessage';

const HomeButton = ({ label = 'Go to the start page' }: { label?: string }) => (
  <Button component={Link} to="/" variant="default">
    {label}
  </Button>
);

/** /auth-404-basic, /auth-404-cover, /auth-404-alt: the same message in the three layouts the routes name. */
export function NotFoundPage({ variant }: { variant: 'basic' | 'cover' | 'alt' }) {
  useDocumentTitle('Page not found · Rayworks');
  return (
    <StatusMessage
      testId="not-found-page"
      icon={<IconMapOff size={28} />}
      color="blue"
      code="404"
      title="Page not found"
      variant={variant === 'basic' ? 'card' : variant === 'cover' ? 'cover' : 'inline'}
      actions={<HomeButton />}
    >
      The page you asked for does not exist or has moved. Check the address, or start again from the menu.
    </StatusMessage>
  );
}

/** /auth-500 (spec §8: a 500 answer comes here). */
export function ServerErrorPage() {
  useDocumentTitle('Server error · Rayworks');
  return (
    <StatusMessage
      testId="server-error-page"
      icon={<IconServerOff size={28} />}
      color="red"
      code="500"
      title="Something went wrong on our side"
      actions={
        <>
          <Button onClick={() => window.history.back()}>Try again</Button>
          <HomeButton />
        </>
      }
    >
      The server could not complete the request. Nothing you did caused this. Try again in a moment; if it keeps
      happening, tell your administrator.
    </StatusMessage>
  );
}

/**
 * /pages-maintenance (spec §8: a 503 answer comes here). Through the gateway a 503 means one service is not
 * answering: the page says which (the gateway's message), takes the user back to where they were, and links the
 * status page (docs/decisions/0041-service-down-503.md).
 */
export function MaintenancePage() {
  useDocumentTitle('Maintenance · Rayworks');
  const state = useLocation().state as { message?: unknown } | null;
  const message = typeof state?.message === 'string' ? state.message : null;
  const tryAgain = () => window.location.replace(takeOfflineOrigin() ?? '/');
  return (
    <StatusMessage
      testId="maintenance-page"
      icon={<IconTool size={28} />}
      color="orange"
      code="503"
      title="Temporarily unavailable"
      actions={
        <>
          <Button onClick={tryAgain} data-testid="maintenance-retry">
            Try again
          </Button>
          <Button component={Link} to={PUBLIC_ROUTES.status} variant="default">
            See what is running
          </Button>
        </>
      }
    >
      <span data-testid="maintenance-message">
        {message ?? 'A part of the system is not answering right now. Please try again in a few minutes.'}
      </span>
    </StatusMessage>
  );
}

/** /sessionexpired (spec §4: no token in the stored profile; issue 3: a 440 answer). */
export function SessionExpiredPage() {
  useDocumentTitle('Session expired · Rayworks');
  return (
    <StatusMessage
      testId="session-expired-page"
      icon={<IconClockX size={28} />}
      color="yellow"
      title="Session expired"
      actions={
        <Button component={Link} to={PUBLIC_ROUTES.login} data-testid="session-expired-login">
          Log in again
        </Button>
      }
    >
      {AUTH_MESSAGES.sessionExpired}
    </StatusMessage>
  );
}

const subscribeOnline = (listener: () => void) => {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
};

/** /auth-offline (also /#/auth-offline; spec §8: no network comes here). Goes back when the network returns. */
export function OfflinePage() {
  useDocumentTitle('Offline · Rayworks');
  const online = useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
  // A full page load: screens whose code failed to load while offline load afresh (the session is in storage).
  const goBack = () => window.location.replace(takeOfflineOrigin() ?? '/');
  useEffect(() => {
    const onOnline = () => window.location.replace(takeOfflineOrigin() ?? '/');
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, []);
  return (
    <StatusMessage
      testId="offline-page"
      icon={<IconWifiOff size={28} />}
      color="gray"
      title="You are offline"
      actions={
        <Button onClick={goBack} disabled={!online} data-testid="offline-retry">
          Try again
        </Button>
      }
    >
      The console cannot reach the network. Check your connection; this page takes you back to where you were as soon as
      the connection returns.
    </StatusMessage>
  );
}

/** /Request/addDocuments: document upload for a request belongs to later work. */
export function AddDocumentsPage() {
  useDocumentTitle('Add documents · Rayworks');
  return (
    <NotYetAvailable
      title="Add Documents"
      description="Adding documents to a request is not part of this version of the console."
    />
  );
}

/** The three not-found routes as screens of their own (loaded on demand by the router). */
export const NotFoundBasicPage = () => <NotFoundPage variant="basic" />;
export const NotFoundCoverPage = () => <NotFoundPage variant="cover" />;
export const NotFoundAltPage = () => <NotFoundPage variant="alt" />;
