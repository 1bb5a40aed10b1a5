export { LoginPage } from './LoginPage';
export { LogoutPage } from './LogoutPage';
export { ForgotPasswordPage } from './ForgotPasswordPage';
export { UpdatePasswordPage } from './UpdatePasswordPage';
