import { page } from './screens';

/**
 * The public pages and the console shell, each loaded on demand like the protected screens (app/screens.tsx): the
 * first page a visitor opens (usually /login) downloads its own code, not the shell, the status page or the
 * error pages.
 */
const system = () => import('../features/system-pages/pages');

// One module each (not the pages' index): the login page must not bring the logout page's socket.io with it.
export const LoginPage = page(() => import('../features/auth/pages/LoginPage'), 'LoginPage');
export const LogoutPage = page(() => import('../features/auth/pages/LogoutPage'), 'LogoutPage');
export const ForgotPasswordPage = page(() => import('../features/auth/pages/ForgotPasswordPage'), 'ForgotPasswordPage');
export const UpdatePasswordPage = page(() => import('../features/auth/pages/UpdatePasswordPage'), 'UpdatePasswordPage');

export const StatusPage = page(() => import('../features/status/pages/StatusPage'), 'StatusPage');
export const NotFoundBasicPage = page(system, 'NotFoundBasicPage');
export const NotFoundCoverPage = page(system, 'NotFoundCoverPage');
export const NotFoundAltPage = page(system, 'NotFoundAltPage');
export const ServerErrorPage = page(system, 'ServerErrorPage');
export const MaintenancePage = page(system, 'MaintenancePage');
export const SessionExpiredPage = page(system, 'SessionExpiredPage');
export const AddDocumentsPage = page(system, 'AddDocumentsPage');

// a patient's online payment by a payment link (docs/decisions/0281): its own module, no login
export const PaymentPage = page(() => import('../features/payment/pages/PaymentPage'), 'PaymentPage');

// a case's shared read-only link (docs/decisions/0158): only its own page, not the case details' module
export const SharedCasePage = page(() => import('../features/case-details/pages/SharedCasePage'), 'SharedCasePage');

export const AppLayout = page(() => import('./shell/AppLayout'), 'AppLayout');
