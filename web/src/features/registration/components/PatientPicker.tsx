import { Badge, Button, Group, Kbd, Loader, Paper, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { PATIENT_MESSAGES, type Patient } from '@rayworks/contracts';
import { IconSearch, IconUserPlus } from '@tabler/icons-react';
import { useState, type Ref } from 'react';
import { ageAndGender } from '../../../shared/patients/patient-form';
import { usePatientSearch } from '../hooks/useDesk';
import classes from './RegistrationDesk.module.css';

/**
 * The desk's patient: search as you type by name, phone or MR No.; arrows move through the patients found and Enter
 * takes one; none found says 'Patients Not Found' and offers to add the patient.
 */
export function PatientPicker({
  patient,
  onPick,
  onClear,
  onAdd,
  inputRef,
}: {
  patient: Patient | null;
  onPick: (patient: Patient) => void;
  onClear: () => void;
  onAdd: () => void;
  inputRef: Ref<HTMLInputElement>;
}) {
  const [text, setText] = useState('');
  const [highlight, setHighlight] = useState(0);
  const found = usePatientSearch(text);
  const rows = text.trim() ? (found.data?.items ?? []) : [];

  if (patient)
    return (
      <Paper withBorder radius="md" p="sm" className={classes.chosen} data-testid="desk-patient">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Group gap="xs">
              <Text fw={600} data-testid="desk-patient-name">
                {patient.patientName}
              </Text>
              <Badge variant="light" radius="sm" ff="monospace" data-testid="desk-patient-mr">
                {patient.mrID}
              </Badge>
            </Group>
            <Text size="sm" c="dimmed">
              {ageAndGender(patient)} · {patient.phoneNumber}
            </Text>
          </Stack>
          <Button
            variant="subtle"
            size="xs"
            style={{ flexShrink: 0 }}
            onClick={() => {
              setText('');
              onClear();
            }}
            data-testid="desk-patient-change"
          >
            Change
          </Button>
        </Group>
      </Paper>
    );

  const pick = (p: Patient | undefined) => {
    if (!p) return;
    onPick(p);
    setHighlight(0);
  };
  return (
    <Stack gap="xs">
      <TextInput
        ref={inputRef}
        value={text}
        onChange={(e) => {
          setText(e.currentTarget.value);
          setHighlight(0);
        }}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') {
            e.preventDefault();
            setHighlight((h) => Math.min(h + 1, rows.length - 1));
          } else if (e.key === 'ArrowUp') {
            e.preventDefault();
            setHighlight((h) => Math.max(h - 1, 0));
          } else if (e.key === 'Enter') {
            e.preventDefault();
            pick(rows[highlight]);
          }
        }}
        placeholder="Name, phone number or MR No."
        aria-label="Find the patient"
        leftSection={<IconSearch size={16} />}
        rightSection={found.isFetching ? <Loader size="xs" /> : <Kbd size="xs">Alt P</Kbd>}
        rightSectionWidth={56}
        autoFocus
        autoComplete="off"
        data-testid="desk-patient-search"
      />
      {text.trim() && found.data ? (
        rows.length === 0 ? (
          <Group justify="space-between" className={classes.empty} data-testid="desk-patient-empty">
            <Text size="sm" c="dimmed">
              {PATIENT_MESSAGES.notFound}
            </Text>
            <Button size="xs" leftSection={<IconUserPlus size={14} />} onClick={onAdd} data-testid="desk-patient-add">
              Add Patient
            </Button>
          </Group>
        ) : (
          <div
            role="listbox"
            aria-label="Patients found"
            className={classes.results}
            data-testid="desk-patient-results"
          >
            {rows.map((p, i) => (
              <UnstyledButton
                key={p._id}
                role="option"
                aria-selected={i === highlight}
                className={classes.result}
                data-active={i === highlight || undefined}
                onMouseEnter={() => setHighlight(i)}
                onClick={() => pick(p)}
                data-testid="desk-patient-result"
              >
                <Group justify="space-between" wrap="nowrap" gap="sm">
                  <div>
                    <Text size="sm" fw={500}>
                      {p.patientName}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {ageAndGender(p)} · {p.phoneNumber}
                    </Text>
                  </div>
                  <Text size="xs" ff="monospace" c="dimmed">
                    {p.mrID}
                  </Text>
                </Group>
              </UnstyledButton>
            ))}
          </div>
        )
      ) : (
        <Group justify="flex-end">
          <Button variant="subtle" size="xs" leftSection={<IconUserPlus size={14} />} onClick={onAdd}>
            New patient
          </Button>
        </Group>
      )}
    </Stack>
  );
}
