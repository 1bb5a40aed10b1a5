import { createBrowserRouter, Navigate } from 'react-router-dom';
import { StatusPage } from '../features/status/pages/StatusPage';
import { AppLayout } from './AppLayout';

/**
 * The console's routes. For now the only screen is the public system status page;
 * the root redirects to it (the specification's /groups comes with the protected routes)
 * and any unknown path redirects to the root.
 */
export const router = createBrowserRouter([
  {
    element: <AppLayout />,
    children: [
      { index: true, element: <Navigate to="/status" replace /> },
      { path: 'status', element: <StatusPage /> },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
]);
