import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export type { Screen };

/**
 * The screens of the protected routes whose availability is 'available' (libs/contracts console/routes.ts),
 * loaded on demand. Routes marked 'later' render NotYetAvailable; app/screens.spec.ts checks the two lists agree.
 */
type Screen = LazyExoticComponent<ComponentType>;

export const page = <M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string): Screen =>
  lazy(async () => ({ default: (await load())[name] as ComponentType }));

const groups = () => import('../features/groups/pages');
const centers = () => import('../features/centers/pages');
const roles = () => import('../features/roles/pages');
const users = () => import('../features/users/pages');
const departments = () => import('../features/departments/pages');
const doctors = () => import('../features/doctors/pages');
const referrals = () => import('../features/referrals/pages');
const profile = () => import('../features/profile/pages');

export const SCREENS: Record<string, Screen> = {
  '/groups': page(groups, 'GroupsPage'),
  '/add-groups': page(groups, 'AddGroupPage'),
  '/groups/view/:id': page(groups, 'GroupViewPage'),
  '/addcenter-groups': page(groups, 'AddCenterToGroupPage'),

  '/roles': page(roles, 'RolesPage'),
  '/roles/add': page(roles, 'AddRolePage'),
  '/roles/edit/:id': page(roles, 'EditRolePage'),
  '/roles/view/:id': page(roles, 'RoleViewPage'),

  '/users': page(users, 'UsersPage'),
  '/users/add': page(users, 'AddUserPage'),
  '/users/edit/:id': page(users, 'EditUserPage'),
  '/users/view/:id': page(users, 'UserViewPage'),

  '/centers': page(centers, 'CentersPage'),
  '/add-centers-individual': page(centers, 'AddIndividualCenterPage'),
  '/centers/view/:id': page(centers, 'CenterViewPage'),
  '/add-centers-group': page(centers, 'AddGroupCenterPage'),

  '/referrals': page(referrals, 'ReferralsPage'),
  '/referrals/add': page(referrals, 'AddReferralPage'),
  '/referrals/edit/:id': page(referrals, 'EditReferralPage'),
  '/referrals/view/:id': page(referrals, 'ReferralViewPage'),

  '/doctors': page(doctors, 'DoctorsPage'),
  '/doctors/add': page(doctors, 'AddDoctorPage'),
  '/doctors/edit/:id/profileID/:profileID': page(doctors, 'EditDoctorPage'),
  '/doctors/view/:id/profileID/:profileID': page(doctors, 'DoctorViewPage'),

  '/profile': page(profile, 'ProfilePage'),
  '/profile/specialization': page(profile, 'SpecializationPage'),
  '/profile/signature': page(profile, 'SignaturePage'),
  '/profile/config': page(profile, 'ProfileConfigPage'),

  '/departments': page(departments, 'DepartmentsPage'),
};
