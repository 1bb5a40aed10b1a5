import { Badge, Text } from '@mantine/core';
import { CONSOLE_ROUTES, GENERIC, type Company } from '@rayworks/contracts';
import { queryKeys } from '../../../api/queries';
import { useCan } from '../../../shared/hooks/useCan';
import { formatDisplayDate } from '../../../shared/format';
import { AddLink } from '../../../shared/ui/AddLink';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { ServerTable, type Column } from '../../../shared/ui/ServerTable';
import { CompanyStatusAction } from '../components/CompanyStatusAction';
import { COMPANIES, fetchCompaniesPage } from '../hooks/useCompanies';

/** /companies: the platform operator's register of companies, searched, sorted and paged on the server. */
export function CompaniesPage() {
  const can = useCan();
  const columns: Column<Company>[] = [
    {
      key: 'name',
      label: 'Company',
      sortKey: 'name',
      render: (c) => (
        <Text size="sm" fw={500}>
          {c.name}
        </Text>
      ),
    },
    { key: 'code', label: 'Code', sortKey: 'code', render: (c) => c.code },
    {
      key: 'status',
      label: 'Status',
      render: (c) =>
        c.isActive ? (
          <Badge variant="light" color="teal">
            Active
          </Badge>
        ) : (
          <Badge variant="light" color="red">
            Suspended
          </Badge>
        ),
    },
    { key: 'createdAt', label: 'Created', sortKey: 'createdAt', render: (c) => formatDisplayDate(c.createdAt) },
    {
      key: 'actions',
      label: 'Actions',
      align: 'right',
      render: (c) => <CompanyStatusAction company={c} allowed={can('COMPANIES', GENERIC.ISACTIVE)} />,
    },
  ];
  return (
    <>
      <PageHeader
        title="Companies"
        description="Companies on the platform: onboard one with its first administrator, suspend or resume it."
        actions={
          <AddLink to={CONSOLE_ROUTES.companiesAdd} allowed={can('COMPANIES', GENERIC.CREATE)} testId="companies-add">
            Add Company
          </AddLink>
        }
      />
      <ServerTable
        id="companies"
        queryKey={queryKeys.list(COMPANIES)}
        fetchPage={fetchCompaniesPage}
        columns={columns}
        rowKey={(c) => c._id}
        searchPlaceholder="Search companies by name or code"
        defaultSort={{ sortBy: 'name', sortDir: 'asc' }}
        activeFilter
        emptyText="No companies yet."
      />
    </>
  );
}
