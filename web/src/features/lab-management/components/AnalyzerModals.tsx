import { Button, Group, Loader, Modal, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import {
  ANALYZER_PROTOCOLS,
  type Analyzer,
  type AnalyzerCode,
  type AnalyzerProtocol,
  type AnalyzerResult,
} from '@rayworks/contracts';
import { requiredMessage } from '@rayworks/validation';
import { useState, type FormEvent } from 'react';
import { CentreSelect } from '../../../shared/forms/CentreSelect';
import {
  codesOfText,
  codesToText,
  useAddAnalyzer,
  useAnalyzerCodes,
  useDiscardResult,
  useResolveResult,
  useSaveAnalyzerCodes,
} from '../hooks/useAnalyzers';

function Actions({
  saving,
  label,
  onCancel,
  testId,
}: {
  saving: boolean;
  label: string;
  onCancel: () => void;
  testId: string;
}) {
  return (
    <Group justify="flex-end" gap="sm" mt="sm">
      <Button variant="default" onClick={onCancel} disabled={saving}>
        Cancel
      </Button>
      <Button type="submit" loading={saving} data-testid={testId}>
        {label}
      </Button>
    </Group>
  );
}

const submit = (run: () => void) => (event: FormEvent) => {
  event.preventDefault();
  run();
};

/** The analyzer form's label of its centre: the centre whose laboratory runs it (docs/decisions/0373). */
const CENTRE_LABEL = 'Centre';

/**
 * Registers an analyzer: its name, the centre whose laboratory runs it (its results are that centre's, 0373), its
 * protocol and the identity it sends (HL7 MSH-3/MSH-4, ASTM H-5).
 */
export function AddAnalyzerModal({ onClose }: { onClose: () => void }) {
  const [name, setName] = useState('');
  const [centreId, setCentreId] = useState<string | null>(null);
  const [centreError, setCentreError] = useState<string | null>(null);
  const [protocol, setProtocol] = useState<AnalyzerProtocol>('HL7');
  const [application, setApplication] = useState('');
  const [facility, setFacility] = useState('');
  const save = useAddAnalyzer(onClose);
  return (
    <Modal opened onClose={onClose} title="Add Analyzer" centered data-testid="analyzer-modal">
      <form
        noValidate
        onSubmit={submit(() => {
          if (!centreId) return setCentreError(requiredMessage(CENTRE_LABEL));
          save.mutate({
            name,
            centreId,
            protocol,
            sendingApplication: application,
            sendingFacility: protocol === 'HL7' ? facility : '',
          });
        })}
      >
        <Stack gap="sm">
          <TextInput
            label="Name"
            required
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            data-testid="analyzer-name"
            autoFocus
          />
          <CentreSelect
            label={CENTRE_LABEL}
            description="The centre whose laboratory runs it: its results wait in that centre's queue"
            value={centreId}
            onChange={(id) => {
              setCentreId(id);
              setCentreError(null);
            }}
            error={centreError}
            withAsterisk
            testId="analyzer-centre"
          />
          <Select
            label="Protocol"
            data={[...ANALYZER_PROTOCOLS]}
            value={protocol}
            allowDeselect={false}
            onChange={(v) => setProtocol((v as AnalyzerProtocol | null) ?? 'HL7')}
            data-testid="analyzer-protocol"
          />
          <TextInput
            label={protocol === 'HL7' ? 'Sending application (MSH-3)' : 'Sender name (H-5)'}
            required
            value={application}
            onChange={(e) => setApplication(e.currentTarget.value)}
            data-testid="analyzer-application"
          />
          {protocol === 'HL7' ? (
            <TextInput
              label="Sending facility (MSH-4)"
              value={facility}
              onChange={(e) => setFacility(e.currentTarget.value)}
              data-testid="analyzer-facility"
            />
          ) : null}
          <Actions saving={save.isPending} label="Add Analyzer" onCancel={onClose} testId="analyzer-save" />
        </Stack>
      </form>
    </Modal>
  );
}

/** An analyzer's code map, one line per code: "analyzer code, test code, parameter code". */
export function AnalyzerCodesModal({ analyzer, onClose }: { analyzer: Analyzer; onClose: () => void }) {
  const codes = useAnalyzerCodes(analyzer._id);
  return (
    <Modal
      opened
      onClose={onClose}
      title={`Codes of ${analyzer.name}`}
      centered
      size="lg"
      data-testid="analyzer-codes-modal"
    >
      {codes.data ? <CodesForm analyzer={analyzer} codes={codes.data} onClose={onClose} /> : <Loader size="sm" />}
    </Modal>
  );
}

function CodesForm({ analyzer, codes, onClose }: { analyzer: Analyzer; codes: AnalyzerCode[]; onClose: () => void }) {
  const [text, setText] = useState(() => codesToText(codes));
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSaveAnalyzerCodes(analyzer._id, onClose);
  return (
    <form
      noValidate
      onSubmit={submit(() => {
        const read = codesOfText(text);
        if (read.badLine !== null)
          return setProblem(`Line ${read.badLine}: give the analyzer code, the test code and the parameter code`);
        setProblem(null);
        save.mutate(read.codes);
      })}
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          One line per code the analyzer sends: analyzer code, test code, parameter code (e.g. HGB, CBC, HGB).
        </Text>
        <Textarea
          label="Code map"
          autosize
          minRows={6}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          error={problem}
          data-testid="analyzer-codes"
        />
        <Actions saving={save.isPending} label="Save Codes" onCancel={onClose} testId="analyzer-codes-save" />
      </Stack>
    </form>
  );
}

/** Matches a waiting result to a sample (by its barcode) and a parameter of one of its orders. */
export function ResolveResultModal({ result, onClose }: { result: AnalyzerResult; onClose: () => void }) {
  const [barcode, setBarcode] = useState(result.barcode);
  const [testCode, setTestCode] = useState(result.testCode ?? '');
  const [parameterCode, setParameterCode] = useState(result.parameterCode ?? '');
  const save = useResolveResult(onClose);
  return (
    <Modal opened onClose={onClose} title="Match Result" centered data-testid="resolve-modal">
      <form noValidate onSubmit={submit(() => save.mutate({ id: result._id, barcode, testCode, parameterCode }))}>
        <Stack gap="sm">
          <Text size="sm">
            {result.analyzerName}: {result.analyzerCode} = {result.value} {result.unit ?? ''}
          </Text>
          <TextInput
            label="Sample barcode"
            required
            value={barcode}
            onChange={(e) => setBarcode(e.currentTarget.value)}
            data-testid="resolve-barcode"
          />
          <TextInput
            label="Test code"
            required
            value={testCode}
            onChange={(e) => setTestCode(e.currentTarget.value)}
            data-testid="resolve-test"
          />
          <TextInput
            label="Parameter code"
            required
            value={parameterCode}
            onChange={(e) => setParameterCode(e.currentTarget.value)}
            data-testid="resolve-parameter"
          />
          <Actions saving={save.isPending} label="Match" onCancel={onClose} testId="resolve-save" />
        </Stack>
      </form>
    </Modal>
  );
}

/** Discards a waiting or refused result, with the reason (kept with it). */
export function DiscardResultModal({ result, onClose }: { result: AnalyzerResult; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const save = useDiscardResult(onClose);
  return (
    <Modal opened onClose={onClose} title="Discard Result" centered data-testid="discard-modal">
      <form noValidate onSubmit={submit(() => save.mutate({ id: result._id, reason }))}>
        <Stack gap="sm">
          <Textarea
            label="Reason"
            required
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            data-testid="discard-reason"
          />
          <Actions saving={save.isPending} label="Discard" onCancel={onClose} testId="discard-save" />
        </Stack>
      </form>
    </Modal>
  );
}
