import { page } from './screens';

/**
 * The public pages and the console shell, each loaded on demand like the protected screens (app/screens.tsx): the
 * first page a visitor opens (usually /login) downloads its own code, not the shell, the status page or the
 * error pages.
 */
const auth = () => import('../features/auth/pages');
const system = () => import('../features/system-pages/pages');

export const LoginPage = page(auth, 'LoginPage');
export const LogoutPage = page(auth, 'LogoutPage');
export const ForgotPasswordPage = page(auth, 'ForgotPasswordPage');
export const UpdatePasswordPage = page(auth, 'UpdatePasswordPage');

export const StatusPage = page(() => import('../features/status/pages/StatusPage'), 'StatusPage');
export const NotFoundBasicPage = page(system, 'NotFoundBasicPage');
export const NotFoundCoverPage = page(system, 'NotFoundCoverPage');
export const NotFoundAltPage = page(system, 'NotFoundAltPage');
export const ServerErrorPage = page(system, 'ServerErrorPage');
export const MaintenancePage = page(system, 'MaintenancePage');
export const SessionExpiredPage = page(system, 'SessionExpiredPage');
export const OfflinePage = page(system, 'OfflinePage');
export const PaymentPage = page(system, 'PaymentPage');
export const AddDocumentsPage = page(system, 'AddDocumentsPage');

export const AppLayout = page(() => import('./shell/AppLayout'), 'AppLayout');
