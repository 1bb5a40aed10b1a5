import type { ReportLayout } from '@rayworks/contracts';
import { LAYOUT_LIMITS } from '@rayworks/contracts';
import type { ReactNode } from 'react';
import { OptionalTextField, PxField, Section, ToggleField, type SetLayout } from './layout-fields';

/** The header: shown or not, its height, its text and its logo. */
export function HeaderSection({ layout, set, logo }: { layout: ReportLayout; set: SetLayout; logo: ReactNode }) {
  const { header } = layout;
  return (
    <Section title="Header" testId="layout-header">
      <ToggleField
        label="Show the header on every page"
        checked={header.enable}
        onToggle={(on) => set((l) => void (l.header.enable = on))}
        testId="layout-header-enable"
      />
      <PxField
        label="Header height"
        limit={LAYOUT_LIMITS.headerHeight}
        value={header.height}
        onValue={(v) => set((l) => void (l.header.height = v))}
        disabled={!header.enable}
        testId="layout-header-height"
      />
      <OptionalTextField
        label="Header text"
        description="Shown beside the logo, e.g. the centre's name"
        value={header.text}
        onText={(text) => set((l) => void (l.header.text = text))}
        disabled={!header.enable}
        testId="layout-header-text"
      />
      {logo}
    </Section>
  );
}
