import { Alert, Checkbox } from '@mantine/core';
import {
  BILLING_API,
  TEST_EDIT_FIELDS,
  TEST_FIELDS as F,
  TEST_KINDS,
  testInputSchema,
  type BillableTest,
} from '@rayworks/contracts';
import type { z } from 'zod';
import { describeError } from '../../../api/client';
import { DynamicField } from '../../../shared/forms/DynamicField';
import { useDynamicForm } from '../../../shared/forms/useDynamicForm';
import { FormCard, FormSection } from '../../../shared/ui/FormCard';
import { TEST_KIND_LABELS, testBody, testValues, type TestBody, type TestValues } from '../hooks/test-form';

type UpdateBody = z.output<typeof BILLING_API.updateTest.body>;

/**
 * Add a billable test (code, name, radiology with its modality or lab with its sample) or edit one; the code names it
 * for good (rate cards, packages, the LIMS). An edit the server cannot make says spec §8's 'Unable Update Test Details'.
 */
export function TestForm({
  test,
  saving,
  failure,
  onSave,
  cancelTo,
}: {
  test?: BillableTest;
  saving: boolean;
  /** The save's error, when it is one the form shows (a 404 is not a toast of the error catalogue). */
  failure: unknown;
  onSave: (body: TestBody | UpdateBody) => void;
  cancelTo: string;
}) {
  const { form, onSubmit } = useDynamicForm<TestValues, TestBody | UpdateBody>({
    fields: Object.values(test ? TEST_EDIT_FIELDS : F),
    initialValues: testValues(test),
    bodySchema: test ? BILLING_API.updateTest.body : testInputSchema,
    toBody: (v) => testBody(v, test?._id),
  });
  const kind = form.values.kind;
  return (
    <FormCard
      testId="test-form"
      onSubmit={onSubmit((body) => onSave(body))}
      submitLabel={test ? 'Save Test' : 'Add Test'}
      saving={saving}
      cancelTo={cancelTo}
    >
      {failure ? (
        <Alert color="red" variant="light" data-testid="test-form-error">
          {describeError(failure)}
        </Alert>
      ) : null}
      <FormSection title="Test">
        {test ? null : <DynamicField field={F.code} form={form} autoFocus description="Letters, digits, - and _" />}
        <DynamicField field={F.name} form={form} autoFocus={Boolean(test)} />
        <DynamicField
          field={F.kind}
          form={form}
          options={TEST_KINDS.map((k) => ({ value: k, label: TEST_KIND_LABELS[k] }))}
        />
        <Checkbox
          mt={{ sm: 28 }}
          label="Taxable"
          description="Diagnostic services are exempt from GST unless marked"
          {...form.getInputProps('taxable', { type: 'checkbox' })}
          data-testid="field-taxable"
        />
      </FormSection>
      {kind === 'RADIOLOGY' ? (
        <FormSection title="Study" description="The modality the study is scanned on (DICOM), e.g. CT, MR, US.">
          <DynamicField field={{ ...F.modality, mandatory: true }} form={form} />
          <DynamicField field={F.bodyPart} form={form} />
        </FormSection>
      ) : kind === 'LAB' ? (
        <FormSection title="Sample" description="The sample the laboratory collects.">
          <DynamicField field={{ ...F.sampleType, mandatory: true }} form={form} />
        </FormSection>
      ) : null}
    </FormCard>
  );
}
