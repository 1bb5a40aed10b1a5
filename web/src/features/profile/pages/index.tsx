import {
  Avatar,
  Badge,
  Button,
  Group,
  Image,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  TagsInput,
  Text,
  TextInput,
  Title,
  useMantineColorScheme,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  CONSOLE_ROUTES,
  hasPrivilege,
  initials,
  type Profile,
  requirement,
  SUBMODULES,
  type SubmoduleType,
  SPECIALIZATION_FIELDS,
  WORKLIST,
} from '@rayworks/contracts';
import { formErrors } from '../../../shared/forms/form-checks';
import { updateProfile } from '../../../api/storage';
import { useSession } from '../../../shared/session/useSession';
import { LAYOUT_TYPES, type LayoutType } from '../../../shared/shell/layout-settings';
import { useLayoutSettings } from '../../../shared/shell/useLayoutSettings';
import { DEFAULT_VIEWER, usePreferences, type ViewerChoice } from '../../../shared/session/usePreferences';
import { userRoleLabel } from '../../../shared/shell/user-display';
import { DetailGrid } from '../../../shared/ui/DetailGrid';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { QueryState } from '../../../shared/ui/QueryState';
import { privilegeLabel } from '../../../shared/directory/privilege-matrix';
import { ProfileImageUpload } from '../components/ProfileImageUpload';
import { ProfileTabs } from '../components/ProfileTabs';
import { useProfile, useSaveSpecialization } from '../hooks/useProfile';

const CRUMBS = [{ label: 'Profile', to: CONSOLE_ROUTES.profile }];

/** The top bar shows the new picture at once: the logged-in user the console keeps points at it. */
function keepPictureInSession(profile: Profile): void {
  if (!profile.logo) return;
  updateProfile({ logo: { fileID: profile.logo.fileID }, profileImg: [{ preview: profile.logo.url }] });
}

/** /profile: who I am. */
export function ProfilePage() {
  const query = useProfile();
  return (
    <>
      <PageHeader title="Profile" description="Your account as the console knows it." />
      <ProfileTabs />
      <QueryState query={query}>
        {(profile) => (
          <Stack gap="lg">
            <DetailGrid
              details={[
                { label: 'Name', value: profile.fullName, testId: 'profile-name' },
                { label: 'Email', value: profile.email, testId: 'profile-email' },
                { label: 'Phone Number', value: profile.phoneNumber },
                { label: 'Role', value: profile.roleName, testId: 'profile-role' },
                { label: 'Qualification', value: profile.qualificationName },
                {
                  label: 'Specialization',
                  value: profile.specialization.length ? (
                    <Group gap={6}>
                      {profile.specialization.map((s) => (
                        <Badge key={s} variant="light" tt="none">
                          {s}
                        </Badge>
                      ))}
                    </Group>
                  ) : null,
                },
              ]}
            />
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
              <Paper withBorder radius="md" p="lg">
                <Group align="flex-start" gap="lg" wrap="nowrap">
                  <Avatar
                    src={profile.logo?.url ?? null}
                    size={88}
                    radius={999}
                    color="blue"
                    alt=""
                    data-testid="profile-picture"
                    data-picture={profile.logo ? 'uploaded' : 'none'}
                  >
                    {initials(profile.fullName)}
                  </Avatar>
                  <div style={{ flex: 1 }}>
                    <ProfileImageUpload image="logo" onKept={keepPictureInSession} />
                  </div>
                </Group>
              </Paper>
              <Paper withBorder radius="md" p="lg">
                <Text size="xs" c="dimmed" tt="uppercase" fw={600} mb="xs" style={{ letterSpacing: '0.04em' }}>
                  Signature
                </Text>
                {profile.signature ? (
                  <Image
                    src={profile.signature.url}
                    alt="Signature"
                    h={80}
                    w="auto"
                    fit="contain"
                    data-testid="profile-signature"
                  />
                ) : (
                  <Text size="sm" c="dimmed">
                    No signature uploaded.
                  </Text>
                )}
              </Paper>
            </SimpleGrid>
          </Stack>
        )}
      </QueryState>
    </>
  );
}

const SPECIALIZATION_MAX = 20;
const SPECIALIZATION_LEN = 80;

/** /profile/specialization: what I report on (POST /profile/specialization). */
export function SpecializationPage() {
  const query = useProfile();
  return (
    <>
      <PageHeader title="Specialization" crumbs={[...CRUMBS, { label: 'Specialization' }]} />
      <ProfileTabs />
      <QueryState query={query}>
        {(profile) => (
          <SpecializationForm
            key={profile._id}
            initial={profile.specialization}
            qualification={profile.qualificationName ?? ''}
          />
        )}
      </QueryState>
    </>
  );
}

function SpecializationForm({ initial, qualification }: { initial: string[]; qualification: string }) {
  const form = useForm({
    mode: 'controlled',
    initialValues: { specialization: initial, qualificationName: qualification },
    validate: (values) => formErrors(Object.values(SPECIALIZATION_FIELDS), values),
  });
  const save = useSaveSpecialization();
  return (
    <form noValidate onSubmit={form.onSubmit((v) => save.mutate(v))} data-testid="specialization-form">
      <Paper withBorder radius="md" p="lg" maw={720}>
        <Stack gap="md">
          <TagsInput
            label="Specializations"
            description={`Press Enter after each one; up to ${SPECIALIZATION_MAX}.`}
            maxTags={SPECIALIZATION_MAX}
            splitChars={[',']}
            clearable
            {...form.getInputProps('specialization')}
            onChange={(values) =>
              form.setFieldValue(
                'specialization',
                values.map((v) => v.slice(0, SPECIALIZATION_LEN)),
              )
            }
            data-testid="field-specialization"
          />
          <TextInput
            label={SPECIALIZATION_FIELDS.qualificationName.label}
            placeholder="e.g. MBBS, MD (Radiology)"
            {...form.getInputProps('qualificationName')}
            data-testid="field-qualificationName"
          />
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending} data-testid="specialization-submit">
              Save
            </Button>
          </Group>
        </Stack>
      </Paper>
    </form>
  );
}

/** /profile/signature: upload the signature printed on reports. */
export function SignaturePage() {
  const query = useProfile();
  return (
    <>
      <PageHeader title="Signature" crumbs={[...CRUMBS, { label: 'Signature' }]} />
      <ProfileTabs />
      <QueryState query={query}>
        {(profile) => (
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            <Paper withBorder radius="md" p="lg">
              <Title order={2} fz="md" mb="sm">
                Current signature
              </Title>
              {profile.signature ? (
                <Image
                  src={profile.signature.url}
                  alt="Current signature"
                  h={120}
                  w="auto"
                  fit="contain"
                  data-testid="signature-current"
                />
              ) : (
                <Text size="sm" c="dimmed" data-testid="signature-none">
                  No signature uploaded yet. Reports you sign need one.
                </Text>
              )}
            </Paper>
            <Paper withBorder radius="md" p="lg">
              <ProfileImageUpload image="signature" />
            </Paper>
          </SimpleGrid>
        )}
      </QueryState>
    </>
  );
}

const VIEWER_SWITCH = requirement('WORKLIST', WORKLIST.VIEWER_CONFIGURATION_SWITCH);

/** /profile/config: display preferences, the viewer choice, and the privileges I hold. */
export function ProfileConfigPage() {
  const { profile, config } = useSession();
  const { layout, setLayout } = useLayoutSettings();
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const { preferences, save } = usePreferences();
  const canSwitchViewer = config !== null && hasPrivilege(config, VIEWER_SWITCH);

  return (
    <>
      <PageHeader title="Configuration" crumbs={[...CRUMBS, { label: 'Configuration' }]} />
      <ProfileTabs />
      <Stack gap="lg">
        <Paper withBorder radius="md" p="lg">
          <Title order={2} fz="md" mb="md">
            Display
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
            <Stack gap={6}>
              <Text size="sm" fw={500}>
                Menu layout
              </Text>
              <SegmentedControl
                value={layout}
                onChange={(value) => setLayout(value as LayoutType)}
                data={LAYOUT_TYPES.map((l) => ({ value: l, label: l === 'horizontal' ? 'Horizontal' : 'Vertical' }))}
                data-testid="config-layout"
              />
              <Text size="xs" c="dimmed">
                Saved on this device.
              </Text>
            </Stack>
            <Stack gap={6}>
              <Text size="sm" fw={500}>
                Theme
              </Text>
              <SegmentedControl
                value={colorScheme === 'dark' ? 'dark' : 'light'}
                onChange={(value) => setColorScheme(value as 'light' | 'dark')}
                data={[
                  { value: 'light', label: 'Light' },
                  { value: 'dark', label: 'Dark' },
                ]}
                data-testid="config-theme"
              />
              <Text size="xs" c="dimmed">
                Saved on this device.
              </Text>
            </Stack>
            {canSwitchViewer ? (
              <Stack gap={6}>
                <Text size="sm" fw={500}>
                  Viewer
                </Text>
                <SegmentedControl
                  value={preferences?.viewer ?? DEFAULT_VIEWER}
                  onChange={(value) => save({ viewer: value as ViewerChoice })}
                  data={[
                    { value: 'cloud', label: 'Cloud' },
                    { value: 'exe', label: 'Exe' },
                  ]}
                  data-testid="config-viewer"
                />
                <Text size="xs" c="dimmed">
                  Saved with your account.
                </Text>
              </Stack>
            ) : null}
          </SimpleGrid>
        </Paper>
        <Paper withBorder radius="md" p="lg">
          <Title order={2} fz="md" mb={4}>
            Your access
          </Title>
          <Text size="sm" c="dimmed" mb="md">
            {profile ? `${userRoleLabel(profile)}: ` : ''}the privileges your role gives you. An administrator changes
            them in Roles.
          </Text>
          <Stack gap="sm" data-testid="config-access">
            {(config ?? []).map((entry) => (
              <div key={entry.module}>
                <Text size="xs" fw={700} c="dimmed" tt="uppercase" mb={4} style={{ letterSpacing: '0.06em' }}>
                  {entry.module}
                </Text>
                <Stack gap={6}>
                  {entry.submodules.map((sub) => (
                    <Group key={sub.type} gap="xs" align="flex-start" wrap="nowrap">
                      <Text size="sm" fw={500} w={170} style={{ flex: '0 0 auto' }}>
                        {SUBMODULES[sub.type as SubmoduleType]?.label ?? sub.type}
                      </Text>
                      <Group gap={4}>
                        {sub.privileges.map((p) => (
                          <Badge key={p.code} size="sm" variant="light" color="gray" tt="none">
                            {privilegeLabel(p.code)}
                          </Badge>
                        ))}
                      </Group>
                    </Group>
                  ))}
                </Stack>
              </div>
            ))}
          </Stack>
        </Paper>
      </Stack>
    </>
  );
}
