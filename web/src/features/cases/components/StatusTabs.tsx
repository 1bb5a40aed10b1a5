import { Badge, Group, Tabs, Text } from '@mantine/core';
import { ALL_STATUSES_TAB, type CaseStatusTab, type WorklistStatistics } from '@rayworks/contracts';

/** The tabs in the order work flows (spec §4 statuses; ALL first, the registrations waiting for a scan last). */
export const WORKLIST_TABS: readonly { value: CaseStatusTab; label: string }[] = [
  { value: ALL_STATUSES_TAB, label: 'All' },
  { value: 'NEW', label: 'New' },
  { value: 'PENDING FOR ACCEPTANCE', label: 'For Acceptance' },
  { value: 'IN PROGRESS', label: 'In Progress' },
  { value: 'PENDING AT TYPIST', label: 'At Transcriptionist' },
  { value: 'PENDING FOR REVIEW', label: 'For Review' },
  { value: 'COMPLETED', label: 'Completed' },
  { value: 'REJECTED', label: 'Rejected' },
  { value: 'RECALLED', label: 'Recalled' },
  { value: 'PENDING FOR SCAN', label: 'Awaiting Scan' },
];

interface Props {
  value: CaseStatusTab;
  onChange: (tab: CaseStatusTab) => void;
  statistics: WorklistStatistics | undefined;
}

/** The status tabs with their live counts (maintained counts of /getworklist/statistics, refreshed live). */
export function StatusTabs({ value, onChange, statistics }: Props) {
  return (
    <Tabs
      value={value}
      onChange={(next) => next && onChange(next as CaseStatusTab)}
      keepMounted={false}
      data-testid="worklist-tabs"
    >
      <Tabs.List style={{ flexWrap: 'nowrap', overflowX: 'auto', overflowY: 'hidden' }}>
        {WORKLIST_TABS.map((tab) => {
          const count = statistics?.counts[tab.value];
          return (
            <Tabs.Tab
              key={tab.value}
              value={tab.value}
              data-testid="worklist-tab"
              data-status={tab.value}
              data-count={count ?? ''}
              style={{ flex: '0 0 auto', paddingInline: 12 }}
              title={tab.value === 'ALL' ? 'Every status' : tab.value}
            >
              <Group gap={6} wrap="nowrap">
                <Text size="sm" span>
                  {tab.label}
                </Text>
                <Badge
                  size="sm"
                  variant={value === tab.value ? 'filled' : 'light'}
                  color={tab.value === 'REJECTED' || tab.value === 'RECALLED' ? 'orange' : 'blue'}
                  style={{ fontVariantNumeric: 'tabular-nums' }}
                  data-testid="worklist-tab-count"
                  aria-label={`${count ?? 0} cases`}
                >
                  {count === undefined ? '…' : count.toLocaleString('en-GB')}
                </Badge>
              </Group>
            </Tabs.Tab>
          );
        })}
      </Tabs.List>
    </Tabs>
  );
}
