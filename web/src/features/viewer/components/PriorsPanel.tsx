import { Badge, Button, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { VIEWER_MESSAGES } from '@rayworks/contracts';
import { useEffect, useState } from 'react';
import { formatDicomDate } from '../../../shared/format';
import { findPriorReports, type PriorReport, type ViewerPrior } from '../api/viewer-api';
import { plural } from '../../../shared/plural';

/** Panel text on the viewer's #111: ≥ 7:1 (AA asks 4.5:1). */
const TEXT = '#e0e0e0';
const MUTED = '#b4b4b4';

/**
 * The priors of the case, the most relevant comparison first (the server's order, docs/decisions/0346): each with its
 * date, modality, body part and description, Compare (opens it beside the current study) and its final report's text
 * (docs/decisions/0347), folded to a few lines until opened.
 */
export function PriorsPanel({
  caseId,
  priors,
  comparing,
  mayReadReports,
  onCompare,
}: {
  caseId: string;
  priors: ViewerPrior[];
  comparing: string | null;
  mayReadReports: boolean;
  onCompare(prior: ViewerPrior): void;
}) {
  const [reports, setReports] = useState<Map<string, PriorReport> | 'failed' | null>(null);
  const priorCaseIds = priors.flatMap((p) => (p.caseId ? [p.caseId] : [])).join(',');
  useEffect(() => {
    if (!mayReadReports || priorCaseIds === '') return;
    let live = true;
    findPriorReports(caseId, priorCaseIds.split(','))
      .then((list) => live && setReports(new Map(list.map((r) => [r.caseId, r]))))
      .catch(() => live && setReports('failed'));
    return () => {
      live = false;
    };
  }, [caseId, priorCaseIds, mayReadReports]);

  if (priors.length === 0)
    return (
      <Text size="xs" c={MUTED}>
        No prior studies
      </Text>
    );
  return (
    <Stack gap={8}>
      {priors.map((p) => (
        <div
          key={p.studyInstanceUid}
          data-testid={`prior-${p.studyInstanceUid}`}
          data-relevance={p.relevance}
          data-timing={p.timing}
          style={{ borderBottom: '1px solid #333', paddingBottom: 6 }}
        >
          <Text size="xs" c={TEXT} fw={600}>
            {formatDicomDate(p.studyDate)} · {[p.modalities.join('/'), p.bodyPart].filter(Boolean).join(' · ')}
          </Text>
          <Text size="xs" c={MUTED} lineClamp={2}>
            {p.studyDescription ?? ''}
          </Text>
          <Group gap={4} mt={2}>
            {p.timing === 'same-day' && (
              <Badge size="xs" variant="outline" color="gray" c={MUTED}>
                Same day
              </Badge>
            )}
            {p.instanceCount !== null && (
              <Text size="xs" c={MUTED}>
                {plural(p.instanceCount, 'image')}
              </Text>
            )}
          </Group>
          <Group gap={4} mt={4}>
            <Button
              size="compact-xs"
              variant={comparing === p.studyInstanceUid ? 'filled' : 'default'}
              data-testid={`compare-${p.studyInstanceUid}`}
              onClick={() => onCompare(p)}
            >
              Compare
            </Button>
          </Group>
          {mayReadReports && p.caseId && (
            <PriorReportText
              uid={p.studyInstanceUid}
              report={reports === null ? undefined : reports === 'failed' ? null : reports.get(p.caseId)}
            />
          )}
        </div>
      ))}
    </Stack>
  );
}

/** The prior's final report: undefined while it loads, null when it could not be read. */
function PriorReportText({ uid, report }: { uid: string; report: PriorReport | null | undefined }) {
  const [open, setOpen] = useState(false);
  if (report === undefined)
    return (
      <Text size="xs" c={MUTED} mt={4}>
        Report…
      </Text>
    );
  if (report === null || report.text === null)
    return (
      <Text size="xs" c={MUTED} mt={4} data-testid={`prior-report-${uid}`} data-final="false">
        {VIEWER_MESSAGES.priorNoFinalReport}
      </Text>
    );
  return (
    <div data-testid={`prior-report-${uid}`} data-final="true" style={{ marginTop: 4 }}>
      <Text size="xs" c={MUTED}>
        Report{report.signedBy ? ` · ${report.signedBy}` : ''}
      </Text>
      <Text size="xs" c={TEXT} lineClamp={open ? undefined : 4} style={{ whiteSpace: 'pre-wrap' }}>
        {report.text}
      </Text>
      <UnstyledButton
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        data-testid={`prior-report-toggle-${uid}`}
        style={{ fontSize: 12, color: '#8fc7ff', textDecoration: 'underline' }}
      >
        {open ? 'Show less' : 'Show whole report'}
      </UnstyledButton>
    </div>
  );
}
