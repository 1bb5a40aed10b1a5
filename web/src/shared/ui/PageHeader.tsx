import { Anchor, Box, Breadcrumbs, Group, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

export interface Crumb {
  label: string;
  to?: string;
}

interface Props {
  title: string;
  description?: ReactNode;
  crumbs?: Crumb[];
  actions?: ReactNode;
  /** Shown next to the title, e.g. a status badge. */
  badge?: ReactNode;
}

/** Title, optional breadcrumb trail and actions of a screen; also sets the document title. */
export function PageHeader({ title, description, crumbs, actions, badge }: Props) {
  useDocumentTitle(`${title} · Rayworks`);
  return (
    <Stack gap={6} mb="md">
      {crumbs && crumbs.length > 0 ? (
        <Breadcrumbs separatorMargin={6} fz="xs" data-testid="breadcrumbs">
          {crumbs.map((crumb) =>
            crumb.to ? (
              <Anchor key={crumb.label} component={Link} to={crumb.to} fz="xs" c="dimmed">
                {crumb.label}
              </Anchor>
            ) : (
              <Text key={crumb.label} fz="xs" c="dimmed">
                {crumb.label}
              </Text>
            ),
          )}
        </Breadcrumbs>
      ) : null}
      <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
        <Stack gap={2}>
          <Group gap="sm" wrap="nowrap">
            <Title order={1} fz={{ base: 22, sm: 24 }} data-testid="page-title">
              {title}
            </Title>
            {/* the status is read whole: the title wraps before the badge is cut ('IN PROGR…' at 390 px) */}
            {badge ? <Box style={{ flexShrink: 0 }}>{badge}</Box> : null}
          </Group>
          {description ? (
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          ) : null}
        </Stack>
        {actions ? <Group gap="sm">{actions}</Group> : null}
      </Group>
    </Stack>
  );
}
