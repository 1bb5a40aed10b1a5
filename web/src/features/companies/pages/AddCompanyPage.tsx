import { COMPANY_FIELDS as F, companyInputSchema, CONSOLE_ROUTES } from '@rayworks/contracts';
import { DynamicField } from '../../../shared/forms/DynamicField';
import { text, useDynamicForm } from '../../../shared/forms/useDynamicForm';
import { FormCard, FormSection } from '../../../shared/ui/FormCard';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { useCreateCompany } from '../hooks/useCompanies';

interface Values extends Record<string, unknown> {
  name: string;
  code: string;
  adminLoginName: string;
  adminFirstName: string;
  adminLastName: string;
  adminEmail: string;
}

/** /companies/add: onboards a company with its first administrator, who gets the welcome e-mail. */
export function AddCompanyPage() {
  const { form, onSubmit } = useDynamicForm({
    fields: Object.values(F),
    initialValues: {
      name: '',
      code: '',
      adminLoginName: '',
      adminFirstName: '',
      adminLastName: '',
      adminEmail: '',
    } as Values,
    bodySchema: companyInputSchema,
    toBody: (v: Values) => ({
      name: text(v.name),
      code: text(v.code),
      adminLoginName: text(v.adminLoginName).toLowerCase(),
      adminFirstName: text(v.adminFirstName),
      adminLastName: text(v.adminLastName),
      adminEmail: text(v.adminEmail),
    }),
  });
  const create = useCreateCompany();

  return (
    <>
      <PageHeader
        title="Add Company"
        crumbs={[{ label: 'Companies', to: CONSOLE_ROUTES.companies }, { label: 'Add Company' }]}
      />
      <FormCard
        testId="company-form"
        onSubmit={onSubmit((body) => create.mutate(body))}
        submitLabel="Add Company"
        saving={create.isPending}
        cancelTo={CONSOLE_ROUTES.companies}
      >
        <FormSection title="Company">
          <DynamicField field={F.name} form={form} autoFocus />
          <DynamicField field={F.code} form={form} description="2–20 letters or digits, e.g. APEX" />
        </FormSection>
        <FormSection title="First administrator">
          <DynamicField
            field={F.adminLoginName}
            form={form}
            description="Lower-case letters, digits, dot, dash or underscore"
          />
          <DynamicField field={F.adminFirstName} form={form} />
          <DynamicField field={F.adminLastName} form={form} />
          <DynamicField
            field={F.adminEmail}
            form={form}
            description="The welcome e-mail with a temporary password goes here."
          />
        </FormSection>
      </FormCard>
    </>
  );
}
