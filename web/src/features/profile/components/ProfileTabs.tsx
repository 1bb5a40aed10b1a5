import { Tabs } from '@mantine/core';
import { CONSOLE_ROUTES, SPECIFIC } from '@rayworks/contracts';
import { IconAdjustments, IconCertificate, IconSignature, IconUserCircle } from '@tabler/icons-react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useCan } from '../../../shared/hooks/useCan';

/** /profile and its children (spec §2): the tabs a user may open. */
export function ProfileTabs() {
  const can = useCan();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const tabs = [
    {
      value: CONSOLE_ROUTES.profile,
      label: 'Overview',
      icon: IconUserCircle,
      allowed: can('PROFILE', SPECIFIC.VIEW_PROFILE),
    },
    {
      value: CONSOLE_ROUTES.profileSpecialization,
      label: 'Specialization',
      icon: IconCertificate,
      allowed: can('PROFILE', SPECIFIC.MANAGE_SPECIALIZATION),
    },
    {
      value: CONSOLE_ROUTES.profileSignature,
      label: 'Signature',
      icon: IconSignature,
      allowed: can('PROFILE', SPECIFIC.MANAGE_SIGNATURE),
    },
    {
      value: CONSOLE_ROUTES.profileConfig,
      label: 'Configuration',
      icon: IconAdjustments,
      allowed: can('PROFILE', SPECIFIC.VIEW_PROFILE),
    },
  ].filter((t) => t.allowed);
  return (
    <Tabs value={pathname} onChange={(value) => value && navigate(value)} mb="lg" data-testid="profile-tabs">
      <Tabs.List>
        {tabs.map((tab) => (
          <Tabs.Tab
            key={tab.value}
            value={tab.value}
            leftSection={<tab.icon size={16} />}
            data-testid={`profile-tab-${tab.label.toLowerCase()}`}
          >
            {tab.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}
