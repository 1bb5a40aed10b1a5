import { PUBLIC_ROUTES } from '@rayworks/contracts';
import { Box, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Outlet } from 'react-router-dom';
import { Brand } from '../../shared/ui/Brand';
import { ColorSchemeToggle } from '../../shared/ui/ColorSchemeToggle';
import classes from './AuthLayout.module.css';

/** Login, forgot-password and update-password: a calm, centred card on a tinted background. */
export function AuthLayout() {
  return (
    <Box className={classes.root}>
      <Group component="header" justify="space-between" px="lg" py="md" className={classes.bar}>
        <Brand to={PUBLIC_ROUTES.login} />
        <ColorSchemeToggle />
      </Group>
      <Stack component="main" align="center" justify="center" className={classes.body} px="md">
        <Stack gap={4} align="center" mb="md">
          <Title order={1} fz={22} fw={650} ta="center">
            Teleradiology and diagnostic-centre console
          </Title>
          <Text c="dimmed" size="sm" ta="center">
            Worklists, reporting, registration and billing for groups and centres.
          </Text>
        </Stack>
        <Paper withBorder shadow="sm" radius="md" p={{ base: 'lg', sm: 32 }} w="100%" maw={420}>
          <Outlet />
        </Paper>
      </Stack>
    </Box>
  );
}
