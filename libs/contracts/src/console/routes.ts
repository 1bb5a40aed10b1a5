import { GENERIC, SPECIFIC, WORKLIST, requirement, type PrivilegeRequirement } from '../access/privileges.js';

const { CREATE, EDIT, VIEW, MAP_UNMAP } = GENERIC;

/** Public routes (spec §2): no login. */
export const PUBLIC_ROUTES = {
  logout: '/logout',
  login: '/login',
  forgotPassword: '/forgot-password',
  updatePassword: '/update-password',
  addDocuments: '/Request/addDocuments',
  notFoundBasic: '/auth-404-basic',
  notFoundCover: '/auth-404-cover',
  notFoundAlt: '/auth-404-alt',
  serverError: '/auth-500',
  maintenance: '/pages-maintenance',
  sessionExpired: '/sessionexpired',
  payment: '/payment',
  offline: '/auth-offline',
  status: '/status',
} as const;

/** Which piece of work delivers a screen; 'later' screens say "not yet available" and never show invented data. */
export type ScreenAvailability = 'available' | 'later';

export interface ProtectedRoute {
  /** react-router path pattern. */
  path: string;
  title: string;
  need: PrivilegeRequirement;
  availability: ScreenAvailability;
  /** Menu and top bar hidden (the viewer). */
  chromeless?: boolean;
}

const route = (
  path: string,
  title: string,
  need: PrivilegeRequirement,
  availability: ScreenAvailability = 'later',
  chromeless = false,
): ProtectedRoute => ({
  path,
  title,
  need,
  availability,
  ...(chromeless ? { chromeless } : {}),
});

/** Every protected route of spec §2, with the privilege it needs. */
export const PROTECTED_ROUTES: readonly ProtectedRoute[] = [
  // Groups
  route('/groups', 'Groups', requirement('GROUP', VIEW), 'available'),
  route('/add-groups', 'Add Group', requirement('GROUP', CREATE), 'available'),
  route('/groups/view/:id', 'Group', requirement('GROUP', VIEW), 'available'),
  route('/addcenter-groups', 'Add Center to Group', requirement('GROUP', MAP_UNMAP), 'available'),
  // Roles
  route('/roles', 'Roles', requirement('ROLES', VIEW), 'available'),
  route('/roles/add', 'Add Role', requirement('ROLES', CREATE), 'available'),
  route('/roles/edit/:id', 'Edit Role', requirement('ROLES', EDIT), 'available'),
  route('/roles/view/:id', 'Role', requirement('ROLES', VIEW), 'available'),
  // Users
  route('/users', 'Users', requirement('USER', VIEW), 'available'),
  route('/users/add', 'Add User', requirement('USER', CREATE), 'available'),
  route('/users/edit/:id', 'Edit User', requirement('USER', EDIT), 'available'),
  route('/users/view/:id', 'User', requirement('USER', VIEW), 'available'),
  route('/measurements', 'Measurements', requirement('TESTS', VIEW)),
  // Centres
  route('/centers', 'Centers', requirement('CENTERS', VIEW), 'available'),
  route('/add-centers-individual', 'Add Individual Center', requirement('CENTERS', CREATE), 'available'),
  route('/centers/view/:id', 'Center', requirement('CENTERS', VIEW), 'available'),
  route('/add-centers-group', 'Add Center to a Group', requirement('CENTERS', CREATE), 'available'),
  // Worklist
  route('/cases', 'Cases', requirement('WORKLIST', WORKLIST.VIEW)),
  route('/cases/import', 'Import Study', requirement('WORKLIST', WORKLIST.IMPORT)),
  route('/worklist/edit/*', 'Assign Case', requirement('WORKLIST', WORKLIST.ASSIGN, WORKLIST.REASSIGN)),
  route('/fccases', 'Fusion Cases', requirement('WORKLIST', WORKLIST.VIEW)),
  route('/dicomviewer', 'Viewer', requirement('WORKLIST', WORKLIST.REPORT_VIEW, WORKLIST.VIEW), 'later', true),
  route('/holidayCalender', 'Holiday Calender', requirement('FINANCE', SPECIFIC.HOLIDAY_CALENDAR_VIEW)),
  route('/dashboards', 'Dashboards', requirement('DASHBOARD', VIEW)),
  // Referrals
  route('/referrals', 'Referrals', requirement('REFERRALS', VIEW), 'available'),
  route('/referrals/add', 'Add Referral', requirement('REFERRALS', CREATE), 'available'),
  route('/referrals/edit/:id', 'Edit Referral', requirement('REFERRALS', EDIT), 'available'),
  route('/referrals/view/:id', 'Referral', requirement('REFERRALS', VIEW), 'available'),
  // Doctors
  route('/doctors', 'Doctors', requirement('DOCTOR', VIEW), 'available'),
  route('/doctors/add', 'Add Doctor', requirement('DOCTOR', CREATE), 'available'),
  route('/doctors/edit/:id/profileID/:profileID', 'Edit Doctor', requirement('DOCTOR', EDIT), 'available'),
  route('/doctors/view/:id/profileID/:profileID', 'Doctor', requirement('DOCTOR', VIEW), 'available'),
  // Report templates
  route('/reportTemplates', 'Report Templates', requirement('TEMPLATES', VIEW)),
  route('/custom-template', 'Custom Template', requirement('TEMPLATES', CREATE, EDIT)),
  // Profile
  route('/profile', 'Profile', requirement('PROFILE', SPECIFIC.VIEW_PROFILE), 'available'),
  route(
    '/profile/specialization',
    'Specialization',
    requirement('PROFILE', SPECIFIC.MANAGE_SPECIALIZATION),
    'available',
  ),
  route('/profile/signature', 'Signature', requirement('PROFILE', SPECIFIC.MANAGE_SIGNATURE), 'available'),
  route('/profile/config', 'Configuration', requirement('PROFILE', SPECIFIC.VIEW_PROFILE), 'available'),
  // Tests
  route('/tests', 'Tests', requirement('TESTS', VIEW)),
  route('/tests/upload', 'Upload Tests', requirement('TESTS', SPECIFIC.UPLOAD)),
  route('/tests/add', 'Add Test', requirement('TESTS', CREATE)),
  route('/tests/edit/:id', 'Edit Test', requirement('TESTS', EDIT)),
  route('/tests/view/:id', 'Test', requirement('TESTS', VIEW)),
  route('/measurements/upload', 'Upload Measurements', requirement('TESTS', SPECIFIC.UPLOAD)),
  // Packages
  route('/packages', 'Packages', requirement('PACKAGES', VIEW)),
  route('/packages/add', 'Add Package', requirement('PACKAGES', CREATE)),
  route('/packages/edit/:id', 'Edit Package', requirement('PACKAGES', EDIT)),
  route('/packages/view/:id', 'Package', requirement('PACKAGES', VIEW)),
  // Patients
  route('/patients', 'Patients', requirement('PATIENTS', SPECIFIC.PATIENT_VIEW)),
  route('/patients/registration', 'Registration', requirement('PATIENTS', CREATE)),
  route('/patients/list', 'Patients', requirement('PATIENTS', SPECIFIC.PATIENT_VIEW)),
  route(
    '/patients/list/patientDetails/:id/billingID/:billingId',
    'Patient Details',
    requirement('PATIENTS', SPECIFIC.PATIENT_VIEW),
  ),
  // Departments, labs
  route('/departments', 'Departments', requirement('DEPARTMENT', VIEW), 'available'),
  route('/lab-management', 'Lab Management', requirement('LAB_MANAGEMENT', VIEW)),
  route('/outsourcing-lab', 'Outsourcing Lab', requirement('LAB_MANAGEMENT', VIEW)),
  route('/samplecollection', 'Sample Collection', requirement('SAMPLE_COLLECTION', VIEW)),
  // Rate cards
  route('/ratecard', 'Rate Cards', requirement('RATE_CARDS', SPECIFIC.RATE_CARD_VIEW)),
  route('/ratecard/add', 'Add Rate Card', requirement('RATE_CARDS', SPECIFIC.RATE_CARD_ADD)),
  route('/ratecard/edit/:id', 'Edit Rate Card', requirement('RATE_CARDS', SPECIFIC.RATE_CARD_EDIT)),
  route('/ratecard/view/:id', 'Rate Card', requirement('RATE_CARDS', SPECIFIC.RATE_CARD_VIEW)),
  // LIMS
  route('/lims', 'LIMS', requirement('LIMS', VIEW)),
  route('/lims/sampleaccession', 'Sample Accession', requirement('LIMS', SPECIFIC.ACCEPT_SAMPLE)),
  route('/lims/lisvalidation', 'LIS Validation', requirement('LIMS', SPECIFIC.VALIDATE)),
  route('/lims/testreporting', 'Test Reporting', requirement('LIMS', SPECIFIC.REPORT)),
];

/** The root path redirects here (or to the first permitted menu link when this is not permitted). */
export const HOME_ROUTE = '/groups';
