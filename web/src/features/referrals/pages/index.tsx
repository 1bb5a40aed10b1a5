import { Badge, Text } from '@mantine/core';
import {
  formatBasisPoints,
  AUTH_API,
  GENERIC,
  referralInputSchema,
  type Referral,
  PROVIDER_TYPES,
  REFERRAL_FIELDS as F,
  CONSOLE_ROUTES,
  routeTo,
} from '@rayworks/contracts';
import {
  BASIS_POINTS_MAX,
  basisPointsToPercent,
  INVALID_INPUTS_MESSAGE,
  parsePercentToBasisPoints,
} from '@rayworks/validation';
import { useNavigate } from 'react-router-dom';
import { pageFetcher, queryKeys } from '../../../api/queries';
import { DynamicField } from '../../../shared/forms/DynamicField';
import { text, textOrNull, useDynamicForm } from '../../../shared/forms/useDynamicForm';
import { useCan } from '../../../shared/hooks/useCan';
import { formatDisplayDateTime } from '../../../shared/format';
import { ActiveToggle } from '../../../shared/ui/ActiveToggle';
import { DetailGrid } from '../../../shared/ui/DetailGrid';
import { FormCard, FormSection } from '../../../shared/ui/FormCard';
import { AddLink } from '../../../shared/ui/AddLink';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { QueryState } from '../../../shared/ui/QueryState';
import { ServerTable, type Column } from '../../../shared/ui/ServerTable';
import { StatusBadge } from '../../../shared/ui/StatusBadge';
import { EditLink } from '../../../shared/ui/EditLink';
import { REFERRALS, referralStatus, useReferral, useSaveReferral, type ReferralBody } from '../hooks/useReferrals';

const fetchReferralsPage = pageFetcher<Referral>(AUTH_API.findReferrals);

const COLUMNS: Column<Referral>[] = [
  {
    key: 'name',
    label: 'Referral',
    sortKey: 'name',
    render: (r) => (
      <div>
        <Text size="sm" fw={500}>
          {r.name}
        </Text>
        <Text size="xs" c="dimmed">
          {r.hospitalName ?? ''}
        </Text>
      </div>
    ),
  },
  {
    key: 'providerType',
    label: 'Provider',
    sortKey: 'providerType',
    render: (r) => (
      <Badge variant="light" color={r.providerType === 'Internal' ? 'blue' : 'grape'}>
        {r.providerType}
      </Badge>
    ),
  },
  { key: 'city', label: 'City', sortKey: 'city', render: (r) => r.city ?? '—' },
  { key: 'contact', label: 'Contact', render: (r) => r.phoneNumber ?? r.email ?? '—' },
  {
    key: 'commission',
    label: 'Commission',
    align: 'right',
    render: (r) => (r.commissionBasisPoints === null ? '—' : formatBasisPoints(r.commissionBasisPoints)),
  },
  { key: 'status', label: 'Status', render: (r) => <StatusBadge active={r.isActive} /> },
];

/** /referrals */
export function ReferralsPage() {
  const navigate = useNavigate();
  const can = useCan();
  return (
    <>
      <PageHeader
        title="Referrals"
        description="Hospitals, clinics and people who refer patients, internal or external."
        actions={
          <AddLink to={CONSOLE_ROUTES.referralsAdd} allowed={can('REFERRALS', GENERIC.CREATE)} testId="referrals-add">
            Add Referral
          </AddLink>
        }
      />
      <ServerTable
        id="referrals"
        queryKey={queryKeys.list(REFERRALS)}
        fetchPage={fetchReferralsPage}
        columns={COLUMNS}
        rowKey={(r) => r._id}
        searchPlaceholder="Search referrals"
        defaultSort={{ sortBy: 'name', sortDir: 'asc' }}
        activeFilter
        onRowClick={(r) => navigate(routeTo(CONSOLE_ROUTES.referralsView, { id: r._id }))}
        emptyText="No referrals yet."
      />
    </>
  );
}

interface Values extends Record<string, unknown> {
  name: string;
  providerType: string | null;
  hospitalName: string;
  email: string;
  phoneNumber: string;
  city: string;
  commissionPercent: string;
}

function ReferralForm({
  referral,
  saving,
  onSave,
  cancelTo,
}: {
  referral?: Referral;
  saving: boolean;
  onSave: (body: ReferralBody) => void;
  cancelTo: string;
}) {
  const { form, onSubmit } = useDynamicForm({
    fields: Object.values(F),
    initialValues: {
      name: referral?.name ?? '',
      providerType: referral?.providerType ?? null,
      hospitalName: referral?.hospitalName ?? '',
      email: referral?.email ?? '',
      phoneNumber: referral?.phoneNumber ?? '',
      city: referral?.city ?? '',
      commissionPercent:
        referral?.commissionBasisPoints === null || referral?.commissionBasisPoints === undefined
          ? ''
          : basisPointsToPercent(referral.commissionBasisPoints),
    } as Values,
    extraValidate: (v) => {
      const bp = parsePercentToBasisPoints(v.commissionPercent);
      return v.commissionPercent.trim() !== '' && (bp === null || bp > BASIS_POINTS_MAX)
        ? { commissionPercent: INVALID_INPUTS_MESSAGE }
        : {};
    },
    bodySchema: referralInputSchema,
    toBody: (v: Values) => ({
      name: text(v.name),
      providerType: v.providerType ?? '',
      hospitalName: textOrNull(v.hospitalName),
      email: textOrNull(v.email),
      phoneNumber: textOrNull(v.phoneNumber),
      city: textOrNull(v.city),
      commissionBasisPoints: v.commissionPercent.trim() === '' ? null : parsePercentToBasisPoints(v.commissionPercent),
    }),
  });
  return (
    <FormCard
      testId="referral-form"
      onSubmit={onSubmit((body) => onSave(body))}
      submitLabel={referral ? 'Save Referral' : 'Add Referral'}
      saving={saving}
      cancelTo={cancelTo}
    >
      <FormSection title="Referral">
        <DynamicField field={F.name} form={form} autoFocus />
        <DynamicField
          field={F.providerType}
          form={form}
          options={PROVIDER_TYPES.map((t) => ({ value: t, label: t }))}
        />
        <DynamicField field={F.hospitalName} form={form} />
        <DynamicField field={F.commissionPercent} form={form} description="0 to 100" />
      </FormSection>
      <FormSection title="Contact">
        <DynamicField field={F.email} form={form} />
        <DynamicField field={F.phoneNumber} form={form} description="10 digits, without +91" />
        <DynamicField field={F.city} form={form} />
      </FormSection>
    </FormCard>
  );
}

/** /referrals/add */
export function AddReferralPage() {
  const save = useSaveReferral();
  return (
    <>
      <PageHeader
        title="Add Referral"
        crumbs={[{ label: 'Referrals', to: CONSOLE_ROUTES.referrals }, { label: 'Add Referral' }]}
      />
      <ReferralForm saving={save.isPending} onSave={(body) => save.mutate(body)} cancelTo={CONSOLE_ROUTES.referrals} />
    </>
  );
}

/** /referrals/edit/{id} */
export function EditReferralPage() {
  const query = useReferral();
  const save = useSaveReferral(query.data?._id);
  return (
    <QueryState query={query}>
      {(referral) => (
        <>
          <PageHeader
            title={`Edit ${referral.name}`}
            crumbs={[
              { label: 'Referrals', to: CONSOLE_ROUTES.referrals },
              { label: referral.name, to: routeTo(CONSOLE_ROUTES.referralsView, { id: referral._id }) },
              { label: 'Edit' },
            ]}
          />
          <ReferralForm
            key={referral.updatedAt}
            referral={referral}
            saving={save.isPending}
            onSave={(body) => save.mutate(body)}
            cancelTo={routeTo(CONSOLE_ROUTES.referralsView, { id: referral._id })}
          />
        </>
      )}
    </QueryState>
  );
}

/** /referrals/view/{id} */
export function ReferralViewPage() {
  const can = useCan();
  const query = useReferral();
  return (
    <QueryState query={query}>
      {(referral) => (
        <>
          <PageHeader
            title={referral.name}
            badge={<StatusBadge active={referral.isActive} />}
            crumbs={[{ label: 'Referrals', to: CONSOLE_ROUTES.referrals }, { label: referral.name }]}
            actions={
              <>
                <ActiveToggle
                  entity="Referral"
                  name={referral.name}
                  active={referral.isActive}
                  allowed={can('REFERRALS', GENERIC.ISACTIVE)}
                  {...referralStatus(referral._id)}
                  testId="referral-active-toggle"
                  withLabel
                />
                <EditLink
                  allowed={can('REFERRALS', GENERIC.EDIT)}
                  to={routeTo(CONSOLE_ROUTES.referralsEdit, { id: referral._id })}
                  testId="referral-edit"
                />
              </>
            }
          />
          <DetailGrid
            details={[
              { label: 'Provider Type', value: referral.providerType },
              { label: 'Hospital Name', value: referral.hospitalName },
              {
                label: 'Commission',
                value:
                  referral.commissionBasisPoints === null ? null : formatBasisPoints(referral.commissionBasisPoints),
              },
              { label: 'Email', value: referral.email },
              { label: 'Phone Number', value: referral.phoneNumber },
              { label: 'City', value: referral.city },
              { label: 'Created', value: formatDisplayDateTime(referral.createdAt) },
              { label: 'Updated', value: formatDisplayDateTime(referral.updatedAt) },
            ]}
          />
        </>
      )}
    </QueryState>
  );
}
