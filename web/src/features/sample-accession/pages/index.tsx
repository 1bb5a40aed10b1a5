import { Alert, Button, Group, Paper, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import {
  nextSample,
  SAMPLE_REJECTION_REASONS,
  SAMPLE_SCREEN_TEXT as T,
  type Sample,
  type SampleRejectionReason,
} from '@rayworks/contracts';
import { IconCheck, IconScan, IconX } from '@tabler/icons-react';
import { useRef, useState, type FormEvent } from 'react';
import { describeError } from '../../../api/client';
import { SampleSummary } from '../../../shared/samples/SampleSummary';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { CameraScanner } from '../components/CameraScanner';
import { useAccession, useScan, type Scanned } from '../hooks/useAccession';

const REASONS = SAMPLE_REJECTION_REASONS.map((r) => ({ value: r.code, label: r.label }));

/**
 * /lims/sampleaccession: the lab receives samples by scanning them — a keyboard-wedge scanner types the barcode and
 * Enter into the focused field (or the camera reads it) — and accepts each, or rejects it with a reason. The field
 * keeps the focus so the next tube can be scanned at once.
 */
export function SampleAccessionPage() {
  const [code, setCode] = useState('');
  const [scanned, setScanned] = useState<Scanned | null>(null);
  const [reason, setReason] = useState<SampleRejectionReason | null>(null);
  const [note, setNote] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const field = useRef<HTMLInputElement>(null);
  const refocus = () => setTimeout(() => field.current?.focus(), 0);

  const scan = useScan((s) => {
    setScanned(s);
    setReason(null);
    setNote('');
    setFailure(null);
    refocus();
  });
  const { accept, reject } = useAccession((sample) => {
    setScanned({ barcode: sample.barcode, sample });
    setReason(null);
    setNote('');
    refocus();
  });
  const lookUp = (text: string) => {
    const barcode = text.trim();
    if (!barcode) return;
    setCode('');
    scan.mutate(barcode);
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    lookUp(code);
  };
  const sample: Sample | null = scanned && 'sample' in scanned ? scanned.sample : null;
  const canDecide = sample !== null && nextSample(sample.status, 'sample.accept').ok;
  const fail = (error: unknown) => setFailure(describeError(error));

  return (
    <>
      <PageHeader title={T.accessionTitle} description={T.scanPrompt} />
      <Stack gap="md">
        <Paper withBorder radius="md" p="md">
          <form onSubmit={onSubmit}>
            <Group align="flex-end" gap="sm">
              <TextInput
                ref={field}
                label="Barcode"
                placeholder={T.scanPlaceholder}
                value={code}
                onChange={(e) => setCode(e.currentTarget.value)}
                autoFocus
                autoComplete="off"
                leftSection={<IconScan size={16} />}
                w={{ base: '100%', sm: 360 }}
                data-testid="accession-barcode"
              />
              <Button type="submit" loading={scan.isPending} data-testid="accession-find">
                Find
              </Button>
            </Group>
          </form>
          <Stack mt="sm">
            <CameraScanner onCode={lookUp} />
          </Stack>
        </Paper>

        {scanned && 'error' in scanned ? (
          <Alert color="red" variant="light" data-testid="accession-error" title={scanned.barcode}>
            {scanned.error}
          </Alert>
        ) : null}

        {sample ? (
          <Paper withBorder radius="md" p="md" data-testid="accession-sample">
            <SampleSummary sample={sample} />
            {sample.status === 'REJECTED' && sample.rejectionReason ? (
              <Text size="sm" c="red" mt="xs">
                Rejected: {SAMPLE_REJECTION_REASONS.find((r) => r.code === sample.rejectionReason)?.label}
                {sample.rejectionNote ? ` — ${sample.rejectionNote}` : ''}
              </Text>
            ) : null}
            {canDecide ? (
              <Stack gap="sm" mt="md">
                <Group gap="sm" align="flex-end" wrap="wrap">
                  <Button
                    color="teal"
                    leftSection={<IconCheck size={16} />}
                    loading={accept.isPending}
                    onClick={() => accept.mutate(sample.barcode, { onError: fail })}
                    data-testid="accession-accept"
                  >
                    {T.accept}
                  </Button>
                  <Select
                    label={T.reason}
                    placeholder="Choose a reason"
                    data={REASONS}
                    value={reason}
                    onChange={(v) => setReason(v as SampleRejectionReason | null)}
                    w={260}
                    data-testid="accession-reason"
                  />
                  <Button
                    color="red"
                    variant="light"
                    leftSection={<IconX size={16} />}
                    disabled={!reason || (reason === 'OTHER' && !note.trim())}
                    loading={reject.isPending}
                    onClick={() =>
                      reason &&
                      reject.mutate({ barcode: sample.barcode, reason, note: note.trim() || null }, { onError: fail })
                    }
                    data-testid="accession-reject"
                  >
                    {T.reject}
                  </Button>
                </Group>
                <Textarea
                  label={T.note}
                  value={note}
                  onChange={(e) => setNote(e.currentTarget.value)}
                  maxLength={500}
                  autosize
                  minRows={1}
                  data-testid="accession-note"
                />
              </Stack>
            ) : null}
            {failure ? (
              <Alert color="red" variant="light" mt="sm" data-testid="accession-failure">
                {failure}
              </Alert>
            ) : null}
          </Paper>
        ) : null}
      </Stack>
    </>
  );
}
