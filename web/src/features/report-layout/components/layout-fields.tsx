import { Card, NumberInput, Stack, Switch, TextInput, Title } from '@mantine/core';
import type { ReportLayout } from '@rayworks/contracts';
import type { ReactNode } from 'react';

/** Changes the layout being edited: the change gets a copy to write into (LayoutEditor). */
export type SetLayout = (change: (l: ReportLayout) => void) => void;

/** One card of the form (Paper, Header, Footer, Body). */
export function Section({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  return (
    <Card withBorder padding="md" data-testid={testId}>
      <Title order={5} mb="sm">
        {title}
      </Title>
      <Stack gap="sm">{children}</Stack>
    </Card>
  );
}

/** An on/off setting. */
export function ToggleField(props: {
  label: string;
  checked: boolean;
  onToggle: (on: boolean) => void;
  testId: string;
}) {
  return (
    <Switch
      label={props.label}
      checked={props.checked}
      onChange={(e) => props.onToggle(e.currentTarget.checked)}
      data-testid={props.testId}
    />
  );
}

/** A text the layout may leave out: an empty field is null. */
export function OptionalTextField(props: {
  label: string;
  description?: string;
  value: string | null;
  onText: (text: string | null) => void;
  disabled?: boolean;
  testId: string;
}) {
  return (
    <TextInput
      label={props.label}
      description={props.description}
      value={props.value ?? ''}
      onChange={(e) => props.onText(e.currentTarget.value || null)}
      disabled={props.disabled}
      data-testid={props.testId}
    />
  );
}

/** A height or margin in px of the page budget, within the contract's limits (LAYOUT_LIMITS). */
export function PxField(props: {
  label: string;
  limit: { min: number; max: number };
  value: number;
  onValue: (px: number) => void;
  disabled?: boolean;
  testId: string;
}) {
  return (
    <NumberInput
      label={props.label}
      min={props.limit.min}
      max={props.limit.max}
      suffix=" px"
      allowDecimal={false}
      value={props.value}
      onChange={(v) => props.onValue(Number(v) || 0)}
      disabled={props.disabled}
      data-testid={props.testId}
    />
  );
}
