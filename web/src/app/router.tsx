import { PROTECTED_ROUTES, PUBLIC_ROUTES, type ProtectedRoute } from '@rayworks/contracts';
import { Suspense } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { registerNavigator } from '../api/navigation';
import { LoginPage, LogoutPage, ForgotPasswordPage, UpdatePasswordPage } from '../features/auth/pages';
import {
  AddDocumentsPage,
  MaintenancePage,
  NotFoundPage,
  OfflinePage,
  PaymentPage,
  ServerErrorPage,
  SessionExpiredPage,
} from '../features/system-pages/pages';
import { StatusPage } from '../features/status/pages/StatusPage';
import { PageLoader } from '../shared/ui/PageLoader';
import { pathFromHashRoute } from './access';
import { LaterScreen } from './LaterScreen';
import { AuthLayout } from './layouts/AuthLayout';
import { PublicLayout } from './layouts/PublicLayout';
import { RequirePrivilege } from './RequirePrivilege';
import { RootRedirect } from './RootRedirect';
import { RouteErrorPage } from './RouteErrorPage';
import { SCREENS } from './screens';
import { AppLayout } from './shell/AppLayout';

/** A protected route's element: the guard around its screen, or around the honest "not yet available" panel. */
function protectedElement(route: ProtectedRoute) {
  const Screen = route.availability === 'available' ? SCREENS[route.path] : undefined;
  return (
    <RequirePrivilege route={route}>
      {Screen ? (
        <Suspense fallback={<PageLoader />}>
          <Screen />
        </Suspense>
      ) : (
        <LaterScreen route={route} />
      )}
    </RequirePrivilege>
  );
}

const relative = (path: string) => path.replace(/^\//, '');

export function appRoutes(): RouteObject[] {
  const inShell = PROTECTED_ROUTES.filter((r) => !r.chromeless);
  const chromeless = PROTECTED_ROUTES.filter((r) => r.chromeless);
  return [
    {
      element: <AuthLayout />,
      errorElement: <RouteErrorPage />,
      children: [
        { path: relative(PUBLIC_ROUTES.login), element: <LoginPage /> },
        { path: relative(PUBLIC_ROUTES.forgotPassword), element: <ForgotPasswordPage /> },
        { path: relative(PUBLIC_ROUTES.updatePassword), element: <UpdatePasswordPage /> },
      ],
    },
    { path: relative(PUBLIC_ROUTES.logout), element: <LogoutPage /> },
    {
      element: <PublicLayout />,
      errorElement: <RouteErrorPage />,
      children: [
        { path: relative(PUBLIC_ROUTES.status), element: <StatusPage /> },
        { path: relative(PUBLIC_ROUTES.notFoundBasic), element: <NotFoundPage variant="basic" /> },
        { path: relative(PUBLIC_ROUTES.notFoundCover), element: <NotFoundPage variant="cover" /> },
        { path: relative(PUBLIC_ROUTES.notFoundAlt), element: <NotFoundPage variant="alt" /> },
        { path: relative(PUBLIC_ROUTES.serverError), element: <ServerErrorPage /> },
        { path: relative(PUBLIC_ROUTES.maintenance), element: <MaintenancePage /> },
        { path: relative(PUBLIC_ROUTES.sessionExpired), element: <SessionExpiredPage /> },
        { path: relative(PUBLIC_ROUTES.offline), element: <OfflinePage /> },
        { path: relative(PUBLIC_ROUTES.payment), element: <PaymentPage /> },
        { path: relative(PUBLIC_ROUTES.addDocuments), element: <AddDocumentsPage /> },
      ],
    },
    {
      element: <AppLayout />,
      errorElement: <RouteErrorPage />,
      children: [
        { index: true, element: <RootRedirect /> },
        // Errors of a screen stay inside the shell, so the menu remains usable.
        {
          errorElement: <RouteErrorPage />,
          children: inShell.map((route) => ({ path: relative(route.path), element: protectedElement(route) })),
        },
      ],
    },
    ...chromeless.map((route) => ({
      path: relative(route.path),
      element: protectedElement(route),
      errorElement: <RouteErrorPage />,
    })),
    { path: '*', element: <Navigate to="/" replace /> },
  ];
}

/**
 * Creates the console's router. The hash forms the specification uses as error targets (/#/auth-offline,
 * /#/auth-500, /#/pages-maintenance) are turned into their paths first.
 */
export function createAppRouter() {
  const hashPath = pathFromHashRoute(window.location.hash);
  if (hashPath) window.history.replaceState(null, '', hashPath);
  const router = createBrowserRouter(appRoutes());
  registerNavigator((to, options) => void router.navigate(to, options));
  return router;
}
