import { Checkbox } from '@mantine/core';
import {
  BILLING_API,
  PACKAGE_EDIT_FIELDS,
  PACKAGE_FIELDS as F,
  packageInputSchema,
  type BillableTest,
  type TestPackage,
} from '@rayworks/contracts';
import type { z } from 'zod';
import { pageFetcher } from '../../../api/queries';
import { DynamicField } from '../../../shared/forms/DynamicField';
import { RemoteMultiSelect } from '../../../shared/forms/RemoteSelect';
import { useDynamicForm } from '../../../shared/forms/useDynamicForm';
import { FormCard, FormSection } from '../../../shared/ui/FormCard';
import { packageBody, packageValues, testOption, type PackageBody, type PackageValues } from '../hooks/package-form';

const fetchTests = pageFetcher<BillableTest>(BILLING_API.findTests);
type UpdateBody = z.output<typeof BILLING_API.updatePackage.body>;

/** Add a package (code, name, the tests it bundles) or edit one (the code names it for good). */
export function PackageForm({
  pkg,
  saving,
  onSave,
  cancelTo,
}: {
  pkg?: TestPackage;
  saving: boolean;
  onSave: (body: PackageBody | UpdateBody) => void;
  cancelTo: string;
}) {
  const { form, onSubmit } = useDynamicForm<PackageValues, PackageBody | UpdateBody>({
    fields: Object.values(pkg ? PACKAGE_EDIT_FIELDS : F),
    initialValues: packageValues(pkg),
    bodySchema: pkg ? BILLING_API.updatePackage.body : packageInputSchema,
    toBody: (v) => packageBody(v, pkg?._id),
  });
  return (
    <FormCard
      testId="package-form"
      onSubmit={onSubmit((body) => onSave(body))}
      submitLabel={pkg ? 'Save Package' : 'Add Package'}
      saving={saving}
      cancelTo={cancelTo}
    >
      <FormSection title="Package">
        {pkg ? null : <DynamicField field={F.code} form={form} autoFocus description="Letters, digits, - and _" />}
        <DynamicField field={F.name} form={form} autoFocus={Boolean(pkg)} />
        <Checkbox
          label="Taxable"
          description="Diagnostic services are exempt from GST unless marked"
          {...form.getInputProps('taxable', { type: 'checkbox' })}
          data-testid="field-taxable"
        />
      </FormSection>
      <FormSection title="Tests" cols={1} description="The tests the package bundles, in the order they are done.">
        <RemoteMultiSelect<BillableTest>
          label={F.testCodes.label}
          withAsterisk
          kind="tests"
          fetchPage={fetchTests}
          filter={(t) => t.isActive}
          toOption={testOption}
          known={pkg?.tests.map(testOption) ?? []}
          value={form.values.testCodes}
          onChange={(codes) => form.setFieldValue('testCodes', codes)}
          error={form.errors.testCodes}
          testId="field-testCodes"
        />
      </FormSection>
    </FormCard>
  );
}
