import { Alert, Button, Checkbox, Group, List, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  CONSOLE_ROUTES,
  CONTAINERS,
  DEFAULT_LAB_DEPARTMENTS,
  LIMS_API,
  routeTo,
  SAMPLE_TYPES,
  type BillableTest,
  type LabTest,
} from '@rayworks/contracts';
import { useState } from 'react';
import { describeError } from '../../../api/client';
import { FormCard, FormSection } from '../../../shared/ui/FormCard';
import { emptyParameter, issueKey, labBody, labDraft, type LabDraft } from '../hooks/lab-definition';
import { useSaveLabTest } from '../hooks/useLabTests';
import { ParameterEditor } from './ParameterEditor';

const SAMPLE_OPTIONS = SAMPLE_TYPES.map((s) => ({ value: s.code, label: s.name }));
const DEPARTMENT_OPTIONS = DEFAULT_LAB_DEPARTMENTS.map((d) => ({
  value: d.subDepartmentCode,
  label: `${d.subDepartmentName} (${d.subDepartmentCode})`,
}));

/** Where a body issue is shown: 'parameters.1.ranges.0.high' → 'HDL › range 1 › high'. */
function issueLabel(path: readonly PropertyKey[], values: LabDraft): string {
  const [head, index, ...rest] = path;
  if (head !== 'parameters' || typeof index !== 'number') return path.map(String).join(' › ');
  const code = values.parameters[index]?.code || `parameter ${index + 1}`;
  const tail = rest.map((part) => (typeof part === 'number' ? `${part + 1}` : String(part))).join(' › ');
  return tail ? `${code} › ${tail.replace(/^ranges › /, 'range ')}` : code;
}

/**
 * The laboratory's definition of a LAB test (saved to the lims service, docs/decisions/0293): department, sample and
 * container, turnaround, method, LOINC, and the parameters with their ranges. Checked by the contract's schema
 * before it is sent; a save whose parameters changed is the test's next version.
 */
export function LabDefinitionForm({ test, lab }: { test: BillableTest; lab: LabTest | null }) {
  const save = useSaveLabTest(lab !== null, test._id);
  const [problems, setProblems] = useState<string[]>([]);
  const [added, setAdded] = useState<string | null>(null);
  const form = useForm<LabDraft>({ initialValues: labDraft(test, lab) });
  const containers = CONTAINERS.filter(
    (c) => !form.values.sampleType || (c.sampleTypes as readonly string[]).includes(form.values.sampleType),
  ).map((c) => ({ value: c.code, label: c.name }));

  const submit = form.onSubmit((values) => {
    const body = labBody(test.code, values);
    const parsed = LIMS_API.updateLabTest.body.safeParse(body);
    if (!parsed.success) {
      form.setErrors(Object.fromEntries(parsed.error.issues.map((i) => [issueKey(i.path), i.message])));
      setProblems(parsed.error.issues.map((i) => `${issueLabel(i.path, values)}: ${i.message}`));
      return;
    }
    setProblems([]);
    save.mutate(body);
  });

  return (
    <FormCard
      testId="lab-definition-form"
      onSubmit={submit}
      submitLabel={lab ? 'Save Laboratory Definition' : 'Define Lab Test'}
      saving={save.isPending}
      cancelTo={routeTo(CONSOLE_ROUTES.testsView, { id: test._id })}
    >
      {problems.length > 0 ? (
        <Alert color="red" variant="light" title="Check these fields" data-testid="lab-definition-problems">
          <List size="sm">
            {problems.map((p) => (
              <List.Item key={p}>{p}</List.Item>
            ))}
          </List>
        </Alert>
      ) : null}
      {save.isError ? (
        <Alert color="red" variant="light" data-testid="lab-definition-error">
          {describeError(save.error)}
        </Alert>
      ) : null}
      <FormSection
        title="Laboratory"
        description={
          lab?.version
            ? `Parameters version ${lab.version.version}; saving changed parameters makes version ${lab.version.version + 1} (results keep the version they were judged by).`
            : 'How the laboratory performs this test.'
        }
        cols={3}
      >
        <TextInput label="Name on the report" required {...form.getInputProps('name')} />
        <Select
          label="Sub-department"
          required
          data={DEPARTMENT_OPTIONS}
          searchable
          {...form.getInputProps('subDepartmentCode')}
          data-testid="lab-subdepartment"
        />
        <TextInput label="Department" {...form.getInputProps('department')} />
        <Select
          label="Sample type"
          required
          data={SAMPLE_OPTIONS}
          searchable
          {...form.getInputProps('sampleType')}
          data-testid="lab-sample-type"
        />
        <Select
          label="Container"
          required
          data={containers}
          searchable
          {...form.getInputProps('container')}
          data-testid="lab-container"
        />
        <TextInput
          label="Turnaround (hours)"
          required
          inputMode="numeric"
          {...form.getInputProps('turnaroundHours')}
          data-testid="lab-tat"
        />
        <TextInput label="Method" {...form.getInputProps('method')} data-testid="lab-method" />
        <TextInput
          label="LOINC code"
          placeholder="e.g. 2093-3"
          {...form.getInputProps('loincCode')}
          data-testid="lab-loinc"
        />
        <Checkbox
          label="Validate automatically when every result is in range"
          description="No critical value, none beyond its delta rule: the results are validated without a person"
          {...form.getInputProps('autoValidate', { type: 'checkbox' })}
          data-testid="lab-auto-validate"
        />
      </FormSection>
      <Stack gap="sm">
        {form.values.parameters.map((p, index) => (
          <ParameterEditor
            key={p.key}
            form={form}
            index={index}
            count={form.values.parameters.length}
            autoFocus={p.key === added}
          />
        ))}
        <Group>
          <Button
            variant="light"
            onClick={() => {
              const next = emptyParameter();
              setAdded(next.key);
              form.insertListItem('parameters', next);
            }}
            data-testid="lab-add-parameter"
          >
            Add parameter
          </Button>
        </Group>
      </Stack>
    </FormCard>
  );
}
