import {
  IconBuildingCommunity,
  IconBuildingHospital,
  IconBuildingSkyscraper,
  IconCalendarEvent,
  IconCircleDot,
  IconDots,
  IconDroplet,
  IconFlask,
  IconLayoutDashboard,
  IconListDetails,
  IconMicroscope,
  IconPackage,
  IconReceipt,
  IconReportMoney,
  IconSettings,
  IconShieldLock,
  IconSitemap,
  IconStethoscope,
  IconTemplate,
  IconTestPipe,
  IconTruckDelivery,
  IconUser,
  IconUsers,
  IconUserShare,
  type Icon,
} from '@tabler/icons-react';

/** One icon per menu entry id of MENU_CATALOGUE (libs/contracts console/menu.ts). */
const ICONS: Record<string, Icon> = {
  companies: IconBuildingSkyscraper,
  groups: IconBuildingCommunity,
  cases: IconListDetails,
  centers: IconBuildingHospital,
  doctors: IconStethoscope,
  tests: IconTestPipe,
  referrals: IconUserShare,
  packages: IconPackage,
  patients: IconUsers,
  'holiday-calender': IconCalendarEvent,
  dashboards: IconLayoutDashboard,
  'sample-collection': IconDroplet,
  lims: IconMicroscope,
  finance: IconReportMoney,
  'rate-cards': IconReceipt,
  'report-templates': IconTemplate,
  'master-config': IconSettings,
  roles: IconShieldLock,
  users: IconUser,
  departments: IconSitemap,
  'lab-management': IconFlask,
  'outsourcing-lab': IconTruckDelivery,
  more: IconDots,
};

export function MenuIcon({ id, size = 18 }: { id: string; size?: number }) {
  const Component = ICONS[id] ?? IconCircleDot;
  return <Component size={size} stroke={1.7} aria-hidden="true" />;
}
