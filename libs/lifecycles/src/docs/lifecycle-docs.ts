// The lifecycle pages of docs/lifecycles/, generated from the machines and the action table so they cannot drift:
// `npm run docs:lifecycles` writes them (scripts/lifecycle-diagrams.mjs), and lifecycle-docs.spec.ts fails when the
// committed pages differ from what the code generates.
import {
  CASE_ACTION_LABELS,
  CASE_ACTION_PRIVILEGES,
  CASE_ACTIONS,
  CASE_STATUSES,
  FUSION_STATUSES,
  INVOICE_ACTION_LABELS,
  INVOICE_ACTION_PRIVILEGES,
  INVOICE_ACTIONS,
  INVOICE_MESSAGES,
  INVOICE_SIDES,
  INVOICE_STATUSES,
  ROLE_LABELS,
  type CaseAction,
  type InvoiceAction,
} from '@rayworks/contracts';
import type { AnyStateMachine, StateNode } from 'xstate';
import { CASE_TABLE_RULES, CASE_ROLE_RELATIONS, FUSION_TABLE_RULES } from '../case/action-table.js';
import { caseMachine } from '../case/case.machine.js';
import { caseMachineEventOf, fusionMachineEventOf } from '../case/case-actions.js';
import { downloadMachine } from '../download/download.machine.js';
import { fusionMachine } from '../fusion/fusion.machine.js';
import { importMachine } from '../import/import.machine.js';
import { INVOICE_SIDE_LABELS, INVOICE_SIDE_ROLES, INVOICE_TABLE_RULES } from '../invoice/invoice-action-table.js';
import { invoiceMachineEventOf } from '../invoice/invoice-actions.js';
import { invoiceMachine } from '../invoice/invoice.machine.js';

type AnyNode = StateNode<any, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

interface GuardLike {
  type?: string;
  name?: string;
  guards?: unknown[];
}

/** A guard as words: `name`, `a and b`, `not a`. */
function guardText(guard: unknown): string | null {
  if (guard === undefined || guard === null) return null;
  if (typeof guard === 'string') return guard;
  const g = guard as GuardLike;
  if (typeof guard === 'function' && Array.isArray(g.guards)) {
    const parts = g.guards.map((inner) => guardText(inner) ?? '?');
    if (g.name === 'not') return `not ${parts[0]}`;
    return parts.join(` ${g.name === 'or' ? 'or' : 'and'} `);
  }
  if (typeof g.type === 'string') return g.type;
  return typeof guard === 'function' ? g.name || 'guard' : null;
}

/**
 * The event a transition publishes (the case and fusion machines' `publish` action) or the message it answers (the
 * invoice machine's `message` action, quoted), if any.
 */
function publishedEvent(actions: readonly unknown[]): string | null {
  for (const action of actions) {
    const a = action as { type?: string; params?: { eventType?: string; message?: string } };
    if (a && a.type === 'publish' && a.params?.eventType) return a.params.eventType;
    if (a && a.type === 'message' && a.params?.message) return `'${a.params.message}'`;
  }
  return null;
}

const idOf = (key: string) => key.replace(/[^A-Za-z0-9]/g, '_');

/** Invoked actors' done / error events read as words (their ids end with the invoking state's key). */
function eventText(type: string): string {
  if (type.startsWith('xstate.done.actor.')) return `done: ${type.split('.').at(-1)}`;
  if (type.startsWith('xstate.error.actor.')) return `error: ${type.split('.').at(-1)}`;
  return type;
}

interface Edge {
  from: string;
  to: string;
  label: string;
}

function edgesOf(node: AnyNode, key: string): Edge[] {
  const edges: Edge[] = [];
  for (const [eventType, transitions] of Object.entries(node.on)) {
    for (const t of transitions as {
      target?: readonly AnyNode[];
      guard?: unknown;
      actions: readonly unknown[];
    }[]) {
      const target = t.target?.[0]?.key ?? key;
      const guard = guardText(t.guard);
      const published = publishedEvent(t.actions);
      const label = `${eventText(eventType)}${guard ? ` [${guard}]` : ''}${published ? ` / ${published}` : ''}`;
      edges.push({ from: key, to: target, label });
    }
  }
  return edges;
}

/** A machine's states and transitions as a Mermaid stateDiagram-v2 (one level: these machines are flat). */
export function mermaidOf(machine: AnyStateMachine): string {
  const root = machine.root as AnyNode;
  const lines = ['stateDiagram-v2'];
  const keys = Object.keys(root.states);
  for (const key of keys) if (idOf(key) !== key) lines.push(`  state "${key}" as ${idOf(key)}`);
  const initial = root.initial?.target?.[0]?.key;
  // A machine whose start says something (the invoice machine: raising it) labels its first arrow.
  const started = publishedEvent(root.entry);
  if (initial) lines.push(`  [*] --> ${idOf(initial)}${started ? ` : start / ${started}` : ''}`);
  for (const key of keys) {
    const node = root.states[key] as AnyNode;
    for (const edge of edgesOf(node, key)) lines.push(`  ${idOf(edge.from)} --> ${idOf(edge.to)} : ${edge.label}`);
    if (node.type === 'final') lines.push(`  ${idOf(key)} --> [*]`);
  }
  return lines.join('\n');
}

/** Transitions a machine takes in every state (root-level), as Markdown list items. */
function everywhere(machine: AnyStateMachine): string[] {
  return edgesOf(machine.root as AnyNode, '*').map((edge) => `- \`${edge.label}\` (the status does not change)`);
}

const code = (s: string) => `\`${s}\``;
const actionCell = (spec: readonly CaseAction[], designed: readonly CaseAction[]) =>
  [...spec.map((a) => `**${a}**`), ...designed].join(', ') || '—';

function header(title: string, source: string): string[] {
  return [
    `# ${title}`,
    '',
    `<!-- Generated by scripts/lifecycle-diagrams.mjs from ${source}. Do not edit: run \`npm run docs:lifecycles\`. -->`,
    '',
  ];
}

function casePage(): string {
  const p = header('The case lifecycle', 'libs/lifecycles/src/case');
  p.push(
    'The case machine (`libs/lifecycles/src/case/case.machine.ts`, docs/decisions/0114-case-machine.md). A state is a',
    "case's status, word for word; an arrow is `machine event [guard] / event published on cases.case.v1`. The",
    'cases service moves a case only along these arrows and the console offers only them (`allowedCaseActions`).',
    '',
    '```mermaid',
    mermaidOf(caseMachine),
    '```',
    '',
    'In every status:',
    '',
    ...everywhere(caseMachine),
    '',
    '## Actions',
    '',
    'Each action, the worklist privilege it needs (without it: 403), and the machine event it sends (for a case with its',
    'fusion centre, the fusion machine event instead). Actions without a machine event change nothing (no event).',
    '',
    '| action | label | privilege | case machine | fusion machine |',
    '|---|---|---|---|---|',
    ...CASE_ACTIONS.map(
      (a) =>
        `| ${code(a)} | ${CASE_ACTION_LABELS[a]} | ${code(CASE_ACTION_PRIVILEGES[a])} | ${
          caseMachineEventOf(a) ? code(caseMachineEventOf(a)!) : '—'
        } | ${fusionMachineEventOf(a) ? code(fusionMachineEventOf(a)!) : '—'} |`,
    ),
    '',
    '## Action table',
    '',
    'Role × status × workflow type → actions (`libs/lifecycles/src/case/action-table.ts`, docs/decisions/0115).',
    "**Bold**: the actions spec §6 names for the row; the others are the lifecycle's. A radiologist acts only on the",
    'cases assigned to them (a marketplace radiologist also on an open offer; a centre radiologist also reviews a',
    "junior's report), a typist only on the case they type (or an untaken one, to take it). A case with a fusion",
    'centre follows the fusion table (docs/lifecycles/fusion.md).',
    '',
    '| roles | statuses | workflow types | actions |',
    '|---|---|---|---|',
    ...CASE_TABLE_RULES.map(
      (rule) =>
        `| ${rule.roles.map((r) => ROLE_LABELS[r]).join(', ')} | ${rule.statuses.join(', ')} | ${rule.workflowTypes.join(
          ', ',
        )} | ${actionCell(rule.spec, rule.designed)} |`,
    ),
    '',
    'How each role must stand to a case: ' +
      Object.entries(CASE_ROLE_RELATIONS)
        .filter(([, relation]) => relation !== null)
        .map(([role, relation]) => `${ROLE_LABELS[role as keyof typeof ROLE_LABELS]} ${code(relation!)}`)
        .join(', ') +
      '.',
    '',
    `Statuses: ${CASE_STATUSES.map(code).join(', ')}.`,
    '',
  );
  return p.join('\n');
}

function fusionPage(): string {
  const p = header('The fusion lifecycle', 'libs/lifecycles/src/fusion');
  p.push(
    'The fusion machine (`libs/lifecycles/src/fusion/fusion.machine.ts`, docs/decisions/0116-fusion-machine.md): a',
    "case a group sent to a fusion centre it has a contract with. A state is the case's fusionStatus, word for word.",
    '',
    '```mermaid',
    mermaidOf(fusionMachine),
    '```',
    '',
    '## Fusion action table',
    '',
    'Role × fusion status → actions, for a case sent to a fusion centre (not recalled).',
    '',
    '| roles | fusion statuses | actions |',
    '|---|---|---|',
    ...FUSION_TABLE_RULES.map(
      (rule) =>
        `| ${rule.roles.map((r) => ROLE_LABELS[r]).join(', ')} | ${rule.fusionStatuses.join(', ')} | ${actionCell(
          rule.spec,
          rule.designed,
        )} |`,
    ),
    '',
    `Fusion statuses: ${FUSION_STATUSES.map(code).join(', ')}.`,
    '',
  );
  return p.join('\n');
}

const invoiceActionCell = (spec: readonly InvoiceAction[], designed: readonly InvoiceAction[]) =>
  [...spec.map((a) => `**${a}**`), ...designed].join(', ') || '—';

function invoicePage(): string {
  const p = header('The invoice lifecycle', 'libs/lifecycles/src/invoice');
  p.push(
    'The invoice machine (`libs/lifecycles/src/invoice/invoice.machine.ts`, docs/decisions/0244-invoice-machine.md): a',
    "fusion hub's monthly invoice to a client centre. A state is the invoice's status, word for word; an arrow is",
    "`machine event [guard] / 'the message the billing service answers'`. Raising the invoice starts the machine. The",
    'billing service moves an invoice only along these arrows and the console offers only them (`allowedInvoiceActions`).',
    '',
    '```mermaid',
    mermaidOf(invoiceMachine),
    '```',
    '',
    '## Actions',
    '',
    'Each action, the INVOICE privilege it needs (module BILLING; without it: 403; docs/decisions/0246) and the machine',
    'event it sends. Actions without a machine event change nothing (no message).',
    '',
    '| action | label | privilege | invoice machine |',
    '|---|---|---|---|',
    ...INVOICE_ACTIONS.map(
      (a) =>
        `| ${code(a)} | ${INVOICE_ACTION_LABELS[a]} | ${code(INVOICE_ACTION_PRIVILEGES[a])} | ${
          a === 'RAISE' ? 'start' : invoiceMachineEventOf(a) ? code(invoiceMachineEventOf(a)!) : '—'
        } |`,
    ),
    '',
    '## Action table',
    '',
    'Side × status → actions (`libs/lifecycles/src/invoice/invoice-action-table.ts`). **Bold**: the actions spec §6',
    "names; the others are the lifecycle's. Either side may hold an invoice with a balance due and no payment request",
    'waiting; only the side that held it resumes it, back to the status it was held from (docs/decisions/0245).',
    '',
    '| side | statuses | actions |',
    '|---|---|---|',
    ...INVOICE_TABLE_RULES.map(
      (rule) =>
        `| ${INVOICE_SIDE_LABELS[rule.side]} | ${rule.statuses.map((s) => s ?? '(not raised)').join(', ')} | ${invoiceActionCell(
          rule.spec,
          rule.designed,
        )} |`,
    ),
    '',
    'Who acts for each side: ' +
      INVOICE_SIDES.map(
        (side) => `${INVOICE_SIDE_LABELS[side]} — ${INVOICE_SIDE_ROLES[side].map((r) => ROLE_LABELS[r]).join(', ')}`,
      ).join('; ') +
      '.',
    '',
    `Statuses: ${INVOICE_STATUSES.map(code).join(', ')}.`,
    '',
    `Messages (spec §8): '${INVOICE_MESSAGES.raised}', '${INVOICE_MESSAGES.paymentConfirmed}', '${INVOICE_MESSAGES.paymentRejected}'.`,
    '',
  );
  return p.join('\n');
}

function machinePage(title: string, file: string, decision: string, machine: AnyStateMachine): string {
  const p = header(title, file);
  p.push(`The machine in \`${file}\` (${decision}).`, '', '```mermaid', mermaidOf(machine), '```', '');
  return p.join('\n');
}

/** Every page of docs/lifecycles/: file name → content. */
export function lifecycleDocs(): Record<string, string> {
  return {
    'case.md': casePage(),
    'fusion.md': fusionPage(),
    'invoice.md': invoicePage(),
    'import.md': machinePage(
      'The import lifecycle',
      'libs/lifecycles/src/import/import.machine.ts',
      'docs/decisions/0094-import-and-download-machines.md',
      importMachine,
    ),
    'download.md': machinePage(
      'The download lifecycle',
      'libs/lifecycles/src/download/download.machine.ts',
      'docs/decisions/0094-import-and-download-machines.md',
      downloadMachine,
    ),
  };
}
