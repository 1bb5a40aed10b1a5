import { Anchor, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { hasPrivilege, LIMS_HOME } from '@rayworks/contracts';
import { Link } from 'react-router-dom';
import { protectedRouteFor } from '../../../shared/session/access';
import { useSession } from '../../../shared/session/useSession';
import { PageHeader } from '../../../shared/ui/PageHeader';

/**
 * /lims: the laboratory's home (spec §2; docs/decisions/0338), where a pathologist's day starts: the LIMS screens the
 * user's privileges open, in the order of a sample's day, each a link with what it is for.
 */
export function LimsHomePage() {
  const { config } = useSession();
  const screens = LIMS_HOME.screens.filter((s) => {
    const route = protectedRouteFor(s.path);
    return config !== null && route !== undefined && hasPrivilege(config, route.need);
  });
  return (
    <>
      <PageHeader title={LIMS_HOME.title} description={LIMS_HOME.description} />
      {screens.length === 0 ? (
        <Text c="dimmed">{LIMS_HOME.nothing}</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" data-testid="lims-home">
          {screens.map((s) => (
            <Paper key={s.path} withBorder radius="md" p="md">
              <Stack gap={6}>
                <Anchor component={Link} to={s.path} fw={600} size="lg" underline="always">
                  {s.title}
                </Anchor>
                <Text size="sm">{s.text}</Text>
              </Stack>
            </Paper>
          ))}
        </SimpleGrid>
      )}
    </>
  );
}
