import { PROTECTED_ROUTES, PUBLIC_ROUTES, type ProtectedRoute } from '@rayworks/contracts';
import { Suspense, type ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { registerNavigator } from '../api/navigation';
import { PageLoader } from '../shared/ui/PageLoader';
import { pathFromHashRoute } from '../shared/session/access';
import { LaterScreen } from './LaterScreen';
import { AuthLayout } from './layouts/AuthLayout';
import { PublicLayout } from './layouts/PublicLayout';
// The offline page is in the first bundle: with the network gone, a chunk loaded on demand could never arrive.
import { OfflinePage } from '../features/system-pages/pages';
import {
  AddDocumentsPage,
  AppLayout,
  ForgotPasswordPage,
  LoginPage,
  LogoutPage,
  MaintenancePage,
  NotFoundAltPage,
  NotFoundBasicPage,
  NotFoundCoverPage,
  PaymentPage,
  ServerErrorPage,
  SessionExpiredPage,
  SharedCasePage,
  StatusPage,
  UpdatePasswordPage,
} from './public-screens';
import { RequirePrivilege } from './RequirePrivilege';
import { RootRedirect } from './RootRedirect';
import { RouteErrorPage } from './RouteErrorPage';
import { SCREENS } from './screens';

/** A screen whose code loads on demand (public-screens.tsx, screens.tsx), with a loader meanwhile. */
const lazyElement = (Screen: ComponentType) => (
  <Suspense fallback={<PageLoader />}>
    <Screen />
  </Suspense>
);

/** A protected route's element: the guard around its screen, or around the honest "not yet available" panel. */
function protectedElement(route: ProtectedRoute) {
  const Screen = route.availability === 'available' ? SCREENS[route.path] : undefined;
  return (
    <RequirePrivilege route={route}>{Screen ? lazyElement(Screen) : <LaterScreen route={route} />}</RequirePrivilege>
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
        { path: relative(PUBLIC_ROUTES.login), element: lazyElement(LoginPage) },
        { path: relative(PUBLIC_ROUTES.forgotPassword), element: lazyElement(ForgotPasswordPage) },
        { path: relative(PUBLIC_ROUTES.updatePassword), element: lazyElement(UpdatePasswordPage) },
      ],
    },
    { path: relative(PUBLIC_ROUTES.logout), element: lazyElement(LogoutPage) },
    {
      element: <PublicLayout />,
      errorElement: <RouteErrorPage />,
      children: [
        { path: relative(PUBLIC_ROUTES.status), element: lazyElement(StatusPage) },
        { path: relative(PUBLIC_ROUTES.notFoundBasic), element: lazyElement(NotFoundBasicPage) },
        { path: relative(PUBLIC_ROUTES.notFoundCover), element: lazyElement(NotFoundCoverPage) },
        { path: relative(PUBLIC_ROUTES.notFoundAlt), element: lazyElement(NotFoundAltPage) },
        { path: relative(PUBLIC_ROUTES.serverError), element: lazyElement(ServerErrorPage) },
        { path: relative(PUBLIC_ROUTES.maintenance), element: lazyElement(MaintenancePage) },
        { path: relative(PUBLIC_ROUTES.sessionExpired), element: lazyElement(SessionExpiredPage) },
        { path: relative(PUBLIC_ROUTES.offline), element: <OfflinePage /> },
        { path: relative(PUBLIC_ROUTES.payment), element: lazyElement(PaymentPage) },
        { path: relative(PUBLIC_ROUTES.addDocuments), element: lazyElement(AddDocumentsPage) },
        { path: relative(PUBLIC_ROUTES.sharedCase), element: lazyElement(SharedCasePage) },
      ],
    },
    {
      element: lazyElement(AppLayout),
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
