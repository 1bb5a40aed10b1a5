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
  // a case's shared read-only link (issue 10, docs/decisions/0158): not in spec §2, opened without a login
  sharedCase: '/shared/:token',
} as const;

/**
 * Every protected route's path by name (spec §2): the console links and navigates with these, never with a
 * string of its own (`routeTo(CONSOLE_ROUTES.usersView, { id })`).
 */
export const CONSOLE_ROUTES = {
  groups: '/groups',
  addGroups: '/add-groups',
  groupsView: '/groups/view/:id',
  addcenterGroups: '/addcenter-groups',
  roles: '/roles',
  rolesAdd: '/roles/add',
  rolesEdit: '/roles/edit/:id',
  rolesView: '/roles/view/:id',
  users: '/users',
  usersAdd: '/users/add',
  usersEdit: '/users/edit/:id',
  usersView: '/users/view/:id',
  measurements: '/measurements',
  centers: '/centers',
  addCentersIndividual: '/add-centers-individual',
  centersView: '/centers/view/:id',
  addCentersGroup: '/add-centers-group',
  cases: '/cases',
  casesImport: '/cases/import',
  worklistEdit: '/worklist/edit/*',
  // a case's details (issue 10, docs/decisions/0158; the menu's /view/{id} convention)
  casesView: '/cases/view/:id',
  // a case's report on its own page (issue 12, docs/decisions/0191): typists, addenda, the worklist's Report action
  casesReport: '/cases/report/:id',
  fccases: '/fccases',
  dicomviewer: '/dicomviewer',
  // a report's print view (issue 12, docs/decisions/0185): not in spec §2, opened from the report editor
  printReport: '/print/report/:reportId',
  holidayCalender: '/holidayCalender',
  dashboards: '/dashboards',
  referrals: '/referrals',
  referralsAdd: '/referrals/add',
  referralsEdit: '/referrals/edit/:id',
  referralsView: '/referrals/view/:id',
  doctors: '/doctors',
  doctorsAdd: '/doctors/add',
  doctorsEdit: '/doctors/edit/:id/profileID/:profileID',
  doctorsView: '/doctors/view/:id/profileID/:profileID',
  reportTemplates: '/reportTemplates',
  customTemplate: '/custom-template',
  profile: '/profile',
  profileSpecialization: '/profile/specialization',
  profileSignature: '/profile/signature',
  profileConfig: '/profile/config',
  tests: '/tests',
  testsUpload: '/tests/upload',
  testsAdd: '/tests/add',
  testsEdit: '/tests/edit/:id',
  testsView: '/tests/view/:id',
  measurementsUpload: '/measurements/upload',
  packages: '/packages',
  packagesAdd: '/packages/add',
  packagesEdit: '/packages/edit/:id',
  packagesView: '/packages/view/:id',
  patients: '/patients',
  patientsRegistration: '/patients/registration',
  patientsList: '/patients/list',
  patientDetails: '/patients/list/patientDetails/:id/billingID/:billingId',
  departments: '/departments',
  labManagement: '/lab-management',
  outsourcingLab: '/outsourcing-lab',
  samplecollection: '/samplecollection',
  ratecard: '/ratecard',
  ratecardAdd: '/ratecard/add',
  ratecardEdit: '/ratecard/edit/:id',
  ratecardView: '/ratecard/view/:id',
  // Finance (issue 22, docs/decisions/0285): not in spec §2, which names only the finance group's Rate Cards
  invoices: '/invoices',
  invoicesView: '/invoices/view/:id',
  dayEnd: '/dayend',
  outstanding: '/outstanding',
  commission: '/commission',
  fusionInvoices: '/fusioninvoices',
  fusionInvoicesView: '/fusioninvoices/view/:id',
  fusionRates: '/fusionrates',
  lims: '/lims',
  limsSampleaccession: '/lims/sampleaccession',
  limsLisvalidation: '/lims/lisvalidation',
  limsTestreporting: '/lims/testreporting',
  // the platform operator's screens (docs/decisions/0085): not in spec §2, which has no platform screens
  companies: '/companies',
  companiesAdd: '/companies/add',
  // the imaging archive (issue 9, docs/decisions/0109): not in spec §2, a page for administrators
  archive: '/archive',
} as const;
export type ConsoleRoute = (typeof CONSOLE_ROUTES)[keyof typeof CONSOLE_ROUTES];

/** A route's path with its :params filled in (encoded). */
export function routeTo(path: string, params: Record<string, string> = {}): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing route parameter ${name} for ${path}`);
    return encodeURIComponent(value);
  });
}

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
  route(CONSOLE_ROUTES.groups, 'Groups', requirement('GROUP', VIEW), 'available'),
  route(CONSOLE_ROUTES.addGroups, 'Add Group', requirement('GROUP', CREATE), 'available'),
  route(CONSOLE_ROUTES.groupsView, 'Group', requirement('GROUP', VIEW), 'available'),
  route(CONSOLE_ROUTES.addcenterGroups, 'Add Center to Group', requirement('GROUP', MAP_UNMAP), 'available'),
  // Roles
  route(CONSOLE_ROUTES.roles, 'Roles', requirement('ROLES', VIEW), 'available'),
  route(CONSOLE_ROUTES.rolesAdd, 'Add Role', requirement('ROLES', CREATE), 'available'),
  route(CONSOLE_ROUTES.rolesEdit, 'Edit Role', requirement('ROLES', EDIT), 'available'),
  route(CONSOLE_ROUTES.rolesView, 'Role', requirement('ROLES', VIEW), 'available'),
  // Users
  route(CONSOLE_ROUTES.users, 'Users', requirement('USER', VIEW), 'available'),
  route(CONSOLE_ROUTES.usersAdd, 'Add User', requirement('USER', CREATE), 'available'),
  route(CONSOLE_ROUTES.usersEdit, 'Edit User', requirement('USER', EDIT), 'available'),
  route(CONSOLE_ROUTES.usersView, 'User', requirement('USER', VIEW), 'available'),
  route(CONSOLE_ROUTES.measurements, 'Measurements', requirement('TESTS', VIEW), 'available'),
  // Centres
  route(CONSOLE_ROUTES.centers, 'Centers', requirement('CENTERS', VIEW), 'available'),
  route(CONSOLE_ROUTES.addCentersIndividual, 'Add Individual Center', requirement('CENTERS', CREATE), 'available'),
  route(CONSOLE_ROUTES.centersView, 'Center', requirement('CENTERS', VIEW), 'available'),
  route(CONSOLE_ROUTES.addCentersGroup, 'Add Center to a Group', requirement('CENTERS', CREATE), 'available'),
  // Worklist
  // /cases: the worklist with its Import action; /cases/import the import screen; /worklist/edit/<ids> assigns cases
  route(CONSOLE_ROUTES.cases, 'Cases', requirement('WORKLIST', WORKLIST.VIEW), 'available'),
  route(CONSOLE_ROUTES.casesImport, 'Import Study', requirement('WORKLIST', WORKLIST.IMPORT), 'available'),
  route(
    CONSOLE_ROUTES.worklistEdit,
    'Assign Case',
    requirement('WORKLIST', WORKLIST.ASSIGN, WORKLIST.REASSIGN),
    'available',
  ),
  route(CONSOLE_ROUTES.casesView, 'Case', requirement('WORKLIST', WORKLIST.VIEW), 'available'),
  route(CONSOLE_ROUTES.casesReport, 'Report', requirement('WORKLIST', WORKLIST.REPORT_VIEW), 'available'),
  route(CONSOLE_ROUTES.fccases, 'Fusion Cases', requirement('WORKLIST', WORKLIST.VIEW), 'available'),
  route(
    CONSOLE_ROUTES.dicomviewer,
    'Viewer',
    requirement('WORKLIST', WORKLIST.REPORT_VIEW, WORKLIST.VIEW),
    'available',
    true,
  ),
  route(
    CONSOLE_ROUTES.printReport,
    'Print Report',
    requirement('WORKLIST', WORKLIST.REPORT_VIEW, WORKLIST.DOWNLOAD_PRINT),
    'available',
    true,
  ),
  route(
    CONSOLE_ROUTES.holidayCalender,
    'Holiday Calender',
    requirement('FINANCE', SPECIFIC.HOLIDAY_CALENDAR_VIEW),
    'available',
  ),
  route(CONSOLE_ROUTES.dashboards, 'Dashboards', requirement('DASHBOARD', VIEW), 'available'),
  // Referrals
  route(CONSOLE_ROUTES.referrals, 'Referrals', requirement('REFERRALS', VIEW), 'available'),
  route(CONSOLE_ROUTES.referralsAdd, 'Add Referral', requirement('REFERRALS', CREATE), 'available'),
  route(CONSOLE_ROUTES.referralsEdit, 'Edit Referral', requirement('REFERRALS', EDIT), 'available'),
  route(CONSOLE_ROUTES.referralsView, 'Referral', requirement('REFERRALS', VIEW), 'available'),
  // Doctors
  route(CONSOLE_ROUTES.doctors, 'Doctors', requirement('DOCTOR', VIEW), 'available'),
  route(CONSOLE_ROUTES.doctorsAdd, 'Add Doctor', requirement('DOCTOR', CREATE), 'available'),
  route(CONSOLE_ROUTES.doctorsEdit, 'Edit Doctor', requirement('DOCTOR', EDIT), 'available'),
  route(CONSOLE_ROUTES.doctorsView, 'Doctor', requirement('DOCTOR', VIEW), 'available'),
  // Report templates
  route(CONSOLE_ROUTES.reportTemplates, 'Report Templates', requirement('TEMPLATES', VIEW), 'available'),
  route(CONSOLE_ROUTES.customTemplate, 'Custom Template', requirement('TEMPLATES', CREATE, EDIT), 'available'),
  // Profile
  route(CONSOLE_ROUTES.profile, 'Profile', requirement('PROFILE', SPECIFIC.VIEW_PROFILE), 'available'),
  route(
    CONSOLE_ROUTES.profileSpecialization,
    'Specialization',
    requirement('PROFILE', SPECIFIC.MANAGE_SPECIALIZATION),
    'available',
  ),
  route(CONSOLE_ROUTES.profileSignature, 'Signature', requirement('PROFILE', SPECIFIC.MANAGE_SIGNATURE), 'available'),
  route(CONSOLE_ROUTES.profileConfig, 'Configuration', requirement('PROFILE', SPECIFIC.VIEW_PROFILE), 'available'),
  // Tests
  route(CONSOLE_ROUTES.tests, 'Tests', requirement('TESTS', VIEW), 'available'),
  route(CONSOLE_ROUTES.testsUpload, 'Upload Tests', requirement('TESTS', SPECIFIC.UPLOAD), 'available'),
  route(CONSOLE_ROUTES.testsAdd, 'Add Test', requirement('TESTS', CREATE), 'available'),
  route(CONSOLE_ROUTES.testsEdit, 'Edit Test', requirement('TESTS', EDIT), 'available'),
  route(CONSOLE_ROUTES.testsView, 'Test', requirement('TESTS', VIEW), 'available'),
  route(CONSOLE_ROUTES.measurementsUpload, 'Upload Measurements', requirement('TESTS', SPECIFIC.UPLOAD), 'available'),
  // Packages
  route(CONSOLE_ROUTES.packages, 'Packages', requirement('PACKAGES', VIEW), 'available'),
  route(CONSOLE_ROUTES.packagesAdd, 'Add Package', requirement('PACKAGES', CREATE), 'available'),
  route(CONSOLE_ROUTES.packagesEdit, 'Edit Package', requirement('PACKAGES', EDIT), 'available'),
  route(CONSOLE_ROUTES.packagesView, 'Package', requirement('PACKAGES', VIEW), 'available'),
  // Patients
  route(CONSOLE_ROUTES.patients, 'Patients', requirement('PATIENTS', SPECIFIC.PATIENT_VIEW), 'available'),
  route(CONSOLE_ROUTES.patientsRegistration, 'Registration', requirement('PATIENTS', CREATE), 'available'),
  route(CONSOLE_ROUTES.patientsList, 'Patients', requirement('PATIENTS', SPECIFIC.PATIENT_VIEW), 'available'),
  route(CONSOLE_ROUTES.patientDetails, 'Patient Details', requirement('PATIENTS', SPECIFIC.PATIENT_VIEW), 'available'),
  // Departments, labs
  route(CONSOLE_ROUTES.departments, 'Departments', requirement('DEPARTMENT', VIEW), 'available'),
  route(CONSOLE_ROUTES.labManagement, 'Lab Management', requirement('LAB_MANAGEMENT', VIEW), 'available'),
  route(CONSOLE_ROUTES.outsourcingLab, 'Outsourcing Lab', requirement('LAB_MANAGEMENT', VIEW), 'available'),
  route(CONSOLE_ROUTES.samplecollection, 'Sample Collection', requirement('SAMPLE_COLLECTION', VIEW), 'available'),
  // Rate cards
  route(CONSOLE_ROUTES.ratecard, 'Rate Cards', requirement('RATE_CARDS', SPECIFIC.RATE_CARD_VIEW), 'available'),
  route(CONSOLE_ROUTES.ratecardAdd, 'Add Rate Card', requirement('RATE_CARDS', SPECIFIC.RATE_CARD_ADD), 'available'),
  route(CONSOLE_ROUTES.ratecardEdit, 'Edit Rate Card', requirement('RATE_CARDS', SPECIFIC.RATE_CARD_EDIT), 'available'),
  route(CONSOLE_ROUTES.ratecardView, 'Rate Card', requirement('RATE_CARDS', SPECIFIC.RATE_CARD_VIEW), 'available'),
  // Finance (docs/decisions/0285): patient invoices, the day end, what is owed, commission, fusion invoicing
  route(CONSOLE_ROUTES.invoices, 'Invoices', requirement('BILLING', VIEW), 'available'),
  route(CONSOLE_ROUTES.invoicesView, 'Invoice', requirement('BILLING', VIEW), 'available'),
  route(CONSOLE_ROUTES.dayEnd, 'Day End', requirement('FINANCE', VIEW, SPECIFIC.DAY_CLOSE), 'available'),
  route(CONSOLE_ROUTES.outstanding, 'Outstanding', requirement('FINANCE', VIEW), 'available'),
  route(CONSOLE_ROUTES.commission, 'Referral Commission', requirement('FINANCE', VIEW), 'available'),
  route(CONSOLE_ROUTES.fusionInvoices, 'Fusion Invoices', requirement('INVOICE', VIEW), 'available'),
  route(CONSOLE_ROUTES.fusionInvoicesView, 'Fusion Invoice', requirement('INVOICE', VIEW), 'available'),
  route(CONSOLE_ROUTES.fusionRates, 'Fusion Rates', requirement('INVOICE', VIEW), 'available'),
  // LIMS
  route(CONSOLE_ROUTES.lims, 'LIMS', requirement('LIMS', VIEW), 'available'),
  route(
    CONSOLE_ROUTES.limsSampleaccession,
    'Sample Accession',
    requirement('LIMS', SPECIFIC.ACCEPT_SAMPLE),
    'available',
  ),
  route(CONSOLE_ROUTES.limsLisvalidation, 'LIS Validation', requirement('LIMS', SPECIFIC.VALIDATE), 'available'),
  route(CONSOLE_ROUTES.limsTestreporting, 'Test Reporting', requirement('LIMS', SPECIFIC.REPORT), 'available'),
  // Platform operators
  route(CONSOLE_ROUTES.companies, 'Companies', requirement('COMPANIES', VIEW), 'available'),
  route(CONSOLE_ROUTES.companiesAdd, 'Add Company', requirement('COMPANIES', CREATE), 'available'),
  // The imaging archive (docs/decisions/0109): administrators (the worklist's EXPORT privilege)
  route(CONSOLE_ROUTES.archive, 'Archive', requirement('WORKLIST', WORKLIST.EXPORT), 'available'),
];

/** The root path redirects here (or to the first permitted menu link when this is not permitted). */
export const HOME_ROUTE = CONSOLE_ROUTES.groups;
