import { Group, Text } from '@mantine/core';
import { CONSOLE_ROUTES } from '@rayworks/contracts';
import { useState } from 'react';
import { CentreSelect } from '../../../shared/forms/CentreSelect';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { PageLoader } from '../../../shared/ui/PageLoader';
import { LayoutEditor } from '../components/LayoutEditor';
import { useReportConfig } from '../hooks/useReportLayout';

/**
 * /custom-template: a centre's report layout (spec §3; docs/decisions/0180) — paper, header, footer and its fields,
 * body (watermark, margins, patient details, test type, note points, table labels, interpretation) — beside a live
 * preview drawn with the page height rules of spec §9; saved with POST /create/reportconfig.
 */
export function CustomTemplatePage() {
  const [centreId, setCentreId] = useState<string | null>(null);
  const config = useReportConfig(centreId);
  return (
    <>
      <PageHeader
        title="Report Layout"
        description="How a centre's printed reports and PDFs look: paper, header, footer, watermark, margins and the patient details block."
        crumbs={[{ label: 'Report Templates', to: CONSOLE_ROUTES.reportTemplates }, { label: 'Report Layout' }]}
      />
      <Group mb="md" align="flex-end">
        <div style={{ width: 320 }}>
          <CentreSelect
            label="Centre"
            placeholder="Choose a centre"
            value={centreId}
            onChange={setCentreId}
            testId="layout-centre"
          />
        </div>
        {config.data?.isDefault ? (
          <Text size="sm" c="dimmed" data-testid="layout-default-note">
            This centre has no layout yet: the default is shown.
          </Text>
        ) : null}
      </Group>
      {!centreId ? (
        <Text c="dimmed" data-testid="layout-choose-centre">
          Choose a centre to configure its report layout.
        </Text>
      ) : config.isLoading || !config.data ? (
        <PageLoader />
      ) : (
        <LayoutEditor key={`${centreId}:${config.data.updatedAt ?? 'default'}`} config={config.data} />
      )}
    </>
  );
}
