import { CONSOLE_ROUTES } from '@rayworks/contracts';
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export type { Screen };

/**
 * The screens of the protected routes whose availability is 'available' (libs/contracts console/routes.ts),
 * loaded on demand. Routes marked 'later' render NotYetAvailable; app/screens.spec.ts checks the two lists agree.
 */
type Screen = LazyExoticComponent<ComponentType>;

/** Each screen's loader, so a link the user is about to follow can load its page's code first (preload-on-intent). */
const LOADERS = new Map<Screen, () => Promise<unknown>>();

export const page = <M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string): Screen => {
  const screen = lazy(async () => ({ default: (await load())[name] as ComponentType }));
  LOADERS.set(screen, load);
  return screen;
};

/** The loader of a screen made by `page` (undefined for anything else). */
export const loaderOf = (screen: Screen): (() => Promise<unknown>) | undefined => LOADERS.get(screen);

const groups = () => import('../features/groups/pages');
const centers = () => import('../features/centers/pages');
const roles = () => import('../features/roles/pages');
const users = () => import('../features/users/pages');
const departments = () => import('../features/departments/pages');
const doctors = () => import('../features/doctors/pages');
const referrals = () => import('../features/referrals/pages');
const profile = () => import('../features/profile/pages');
const companies = () => import('../features/companies/pages');
const cases = () => import('../features/cases/pages');
const importStudy = () => import('../features/import/pages');
const archive = () => import('../features/archive/pages');
const caseDetails = () => import('../features/case-details/pages');
// The dashboards show billing's finance figures below the worklist's (docs/decisions/0280): composed here.
const dashboards = async () => {
  const [{ DashboardsPage }, { FinanceDashboardPanel }] = await Promise.all([
    import('../features/dashboards/pages'),
    import('../features/finance-dashboard'),
  ]);
  return {
    DashboardsPage: () => (
      <>
        <DashboardsPage />
        <FinanceDashboardPanel />
      </>
    ),
  };
};
const fusionCases = () => import('../features/fusion-cases/pages');
const patients = () => import('../features/patients/pages');
const registration = () => import('../features/registration/pages');
const rateCards = () => import('../features/rate-cards/pages');
const packages = () => import('../features/packages/pages');
const holidayCalendar = () => import('../features/holiday-calendar/pages');
const tests = () => import('../features/tests/pages');
const invoices = () => import('../features/invoices/pages');
const dayEnd = () => import('../features/day-end/pages');
const fusionInvoices = () => import('../features/fusion-invoices/pages');
const sampleCollection = () => import('../features/sample-collection/pages');
const limsHome = () => import('../features/lims-home/pages');
const sampleAccession = () => import('../features/sample-accession/pages');
const lisValidation = () => import('../features/lis-validation/pages');
const labManagement = () => import('../features/lab-management/pages');
const outsourcingLab = () => import('../features/outsourcing/pages');
const testReporting = () => import('../features/test-reporting/pages');
// The viewer shows the report beside the images: the two features meet here, not in each other.
const viewer = async () => {
  const [{ ViewerPage }, { ReportEditor }] = await Promise.all([
    import('../features/viewer/pages'),
    import('../features/reporting'),
  ]);
  return { ViewerPage: () => <ViewerPage reportPanel={(caseId) => <ReportEditor caseId={caseId} compact />} /> };
};
const reportTemplates = () => import('../features/report-templates/pages');
const reportLayout = () => import('../features/report-layout/pages');
const reportPrint = () => import('../features/report-print/pages');
const reporting = () => import('../features/reporting/pages');

export const SCREENS: Record<string, Screen> = {
  [CONSOLE_ROUTES.groups]: page(groups, 'GroupsPage'),
  [CONSOLE_ROUTES.addGroups]: page(groups, 'AddGroupPage'),
  [CONSOLE_ROUTES.groupsView]: page(groups, 'GroupViewPage'),
  [CONSOLE_ROUTES.addcenterGroups]: page(groups, 'AddCenterToGroupPage'),

  [CONSOLE_ROUTES.roles]: page(roles, 'RolesPage'),
  [CONSOLE_ROUTES.rolesAdd]: page(roles, 'AddRolePage'),
  [CONSOLE_ROUTES.rolesEdit]: page(roles, 'EditRolePage'),
  [CONSOLE_ROUTES.rolesView]: page(roles, 'RoleViewPage'),

  [CONSOLE_ROUTES.users]: page(users, 'UsersPage'),
  [CONSOLE_ROUTES.usersAdd]: page(users, 'AddUserPage'),
  [CONSOLE_ROUTES.usersEdit]: page(users, 'EditUserPage'),
  [CONSOLE_ROUTES.usersView]: page(users, 'UserViewPage'),

  [CONSOLE_ROUTES.centers]: page(centers, 'CentersPage'),
  [CONSOLE_ROUTES.addCentersIndividual]: page(centers, 'AddIndividualCenterPage'),
  [CONSOLE_ROUTES.centersView]: page(centers, 'CenterViewPage'),
  [CONSOLE_ROUTES.addCentersGroup]: page(centers, 'AddGroupCenterPage'),

  [CONSOLE_ROUTES.referrals]: page(referrals, 'ReferralsPage'),
  [CONSOLE_ROUTES.referralsAdd]: page(referrals, 'AddReferralPage'),
  [CONSOLE_ROUTES.referralsEdit]: page(referrals, 'EditReferralPage'),
  [CONSOLE_ROUTES.referralsView]: page(referrals, 'ReferralViewPage'),

  [CONSOLE_ROUTES.doctors]: page(doctors, 'DoctorsPage'),
  [CONSOLE_ROUTES.doctorsAdd]: page(doctors, 'AddDoctorPage'),
  [CONSOLE_ROUTES.doctorsEdit]: page(doctors, 'EditDoctorPage'),
  [CONSOLE_ROUTES.doctorsView]: page(doctors, 'DoctorViewPage'),

  [CONSOLE_ROUTES.profile]: page(profile, 'ProfilePage'),
  [CONSOLE_ROUTES.profileSpecialization]: page(profile, 'SpecializationPage'),
  [CONSOLE_ROUTES.profileSignature]: page(profile, 'SignaturePage'),
  [CONSOLE_ROUTES.profileConfig]: page(profile, 'ProfileConfigPage'),

  [CONSOLE_ROUTES.departments]: page(departments, 'DepartmentsPage'),

  [CONSOLE_ROUTES.cases]: page(cases, 'CasesPage'),
  [CONSOLE_ROUTES.casesImport]: page(importStudy, 'ImportPage'),
  [CONSOLE_ROUTES.worklistEdit]: page(cases, 'AssignCasesPage'),
  [CONSOLE_ROUTES.archive]: page(archive, 'ArchivePage'),
  [CONSOLE_ROUTES.casesView]: page(caseDetails, 'CaseDetailsPage'),
  [CONSOLE_ROUTES.dashboards]: page(dashboards, 'DashboardsPage'),
  [CONSOLE_ROUTES.fccases]: page(fusionCases, 'FusionCasesPage'),
  [CONSOLE_ROUTES.dicomviewer]: page(viewer, 'ViewerPage'),
  [CONSOLE_ROUTES.reportTemplates]: page(reportTemplates, 'ReportTemplatesPage'),
  [CONSOLE_ROUTES.customTemplate]: page(reportLayout, 'CustomTemplatePage'),
  [CONSOLE_ROUTES.printReport]: page(reportPrint, 'ReportPrintPage'),
  [CONSOLE_ROUTES.casesReport]: page(reporting, 'ReportPage'),

  [CONSOLE_ROUTES.patients]: page(patients, 'PatientsHomePage'),
  [CONSOLE_ROUTES.patientsList]: page(patients, 'PatientsPage'),
  [CONSOLE_ROUTES.patientDetails]: page(patients, 'PatientDetailsPage'),
  [CONSOLE_ROUTES.patientsRegistration]: page(registration, 'RegistrationPage'),

  [CONSOLE_ROUTES.ratecard]: page(rateCards, 'RateCardsPage'),
  [CONSOLE_ROUTES.ratecardAdd]: page(rateCards, 'AddRateCardPage'),
  [CONSOLE_ROUTES.ratecardEdit]: page(rateCards, 'EditRateCardPage'),
  [CONSOLE_ROUTES.ratecardView]: page(rateCards, 'RateCardViewPage'),

  [CONSOLE_ROUTES.packages]: page(packages, 'PackagesPage'),
  [CONSOLE_ROUTES.packagesAdd]: page(packages, 'AddPackagePage'),
  [CONSOLE_ROUTES.packagesEdit]: page(packages, 'EditPackagePage'),
  [CONSOLE_ROUTES.packagesView]: page(packages, 'PackageViewPage'),

  [CONSOLE_ROUTES.holidayCalender]: page(holidayCalendar, 'HolidayCalendarPage'),

  [CONSOLE_ROUTES.tests]: page(tests, 'TestsPage'),
  [CONSOLE_ROUTES.testsAdd]: page(tests, 'AddTestPage'),
  [CONSOLE_ROUTES.testsEdit]: page(tests, 'EditTestPage'),
  [CONSOLE_ROUTES.testsView]: page(tests, 'TestViewPage'),
  [CONSOLE_ROUTES.testsUpload]: page(tests, 'TestsUploadPage'),
  [CONSOLE_ROUTES.measurements]: page(tests, 'MeasurementsPage'),
  [CONSOLE_ROUTES.measurementsUpload]: page(tests, 'MeasurementsUploadPage'),

  [CONSOLE_ROUTES.invoices]: page(invoices, 'InvoicesPage'),
  [CONSOLE_ROUTES.invoicesView]: page(invoices, 'InvoiceDetailsPage'),
  [CONSOLE_ROUTES.dayEnd]: page(dayEnd, 'DayEndPage'),
  [CONSOLE_ROUTES.outstanding]: page(dayEnd, 'OutstandingPage'),
  [CONSOLE_ROUTES.commission]: page(dayEnd, 'CommissionPage'),
  [CONSOLE_ROUTES.fusionInvoices]: page(fusionInvoices, 'FusionInvoicesPage'),
  [CONSOLE_ROUTES.fusionInvoicesView]: page(fusionInvoices, 'FusionInvoiceDetailsPage'),
  [CONSOLE_ROUTES.fusionRates]: page(fusionInvoices, 'FusionRatesPage'),

  [CONSOLE_ROUTES.samplecollection]: page(sampleCollection, 'SampleCollectionPage'),
  [CONSOLE_ROUTES.lims]: page(limsHome, 'LimsHomePage'),
  [CONSOLE_ROUTES.limsSampleaccession]: page(sampleAccession, 'SampleAccessionPage'),
  [CONSOLE_ROUTES.limsTestreporting]: page(testReporting, 'TestReportingPage'),
  [CONSOLE_ROUTES.limsLisvalidation]: page(lisValidation, 'LisValidationPage'),
  [CONSOLE_ROUTES.labManagement]: page(labManagement, 'LabManagementPage'),
  [CONSOLE_ROUTES.outsourcingLab]: page(outsourcingLab, 'OutsourcingLabPage'),

  [CONSOLE_ROUTES.companies]: page(companies, 'CompaniesPage'),
  [CONSOLE_ROUTES.companiesAdd]: page(companies, 'AddCompanyPage'),
};
