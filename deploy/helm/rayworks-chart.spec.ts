import { beforeAll, describe, expect, it } from '@jest/globals';
import { execFileSync, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ScaledObject, TriggerAuthentication } from '@kubernetes-models/keda/keda.sh/v1alpha1';
import { PrometheusRule } from '@kubernetes-models/prometheus-operator/monitoring.coreos.com/v1';
import { parser as promql } from '@prometheus-io/lezer-promql';
import { Deployment } from 'kubernetes-models/apps/v1';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { Job } from 'kubernetes-models/batch/v1';
import { Ingress, NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { Service } from 'kubernetes-models/v1';
import {
  LIMS_ANALYZERS_PORTS,
  QUEUES,
  SERVICE_NAMES,
  SERVICE_SUBSCRIPTIONS,
  SERVICES_WITH_WORKERS,
  type ServiceName,
} from '@rayworks/contracts';
import { createLogger, Metrics, OperationalMetrics, type JobQueues } from '@rayworks/nest-kit';
import type { DataSource } from 'typeorm';
import { parseAllDocuments } from 'yaml';

/**
 * The Helm chart (deploy/helm/rayworks), rendered with `helm template` (Helm built from the Go module proxy by
 * deploy/helm/install-helm.sh) and every rendered object validated offline against the Kubernetes schemas of the
 * kubernetes-models package (KEDA's objects against @kubernetes-models/keda's). Then checked against the repository:
 * one Deployment per process npm start runs, probes, requests, disruption budgets, autoscaling on CPU and (KEDA) on
 * the queues and consumer groups libs/contracts names, the network policy, secrets only from existing Secrets.
 */

interface KubeObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  spec?: Record<string, unknown>;
}
interface EnvVar {
  name: string;
  value?: string;
  valueFrom?: { secretKeyRef?: { name: string; key: string } };
}
interface Probe {
  httpGet: { path: string; port: string | number };
}
interface Container {
  name: string;
  command: string[];
  ports: Array<{ name: string; containerPort: number }>;
  env: EnvVar[];
  livenessProbe: Probe;
  readinessProbe: Probe;
  startupProbe: Probe;
  resources: { requests?: Record<string, string>; limits?: Record<string, string> };
  securityContext: { readOnlyRootFilesystem?: boolean; allowPrivilegeEscalation?: boolean };
  volumeMounts: Array<{ name: string; mountPath: string }>;
}
interface PodSpec {
  containers: Container[];
  securityContext: { runAsNonRoot?: boolean };
  volumes: Array<{ name: string; emptyDir?: object }>;
}
interface DeploymentObject extends KubeObject {
  spec: { replicas?: number; selector: { matchLabels: Record<string, string> }; template: { spec: PodSpec } };
}
interface StackProcess {
  name: string;
  entry: string;
  port: number;
}
type Peer = { podSelector?: { matchLabels: Record<string, string> }; namespaceSelector?: object };
interface PolicyObject extends KubeObject {
  spec: {
    podSelector: { matchLabels: Record<string, string> };
    ingress: Array<{ ports: Array<{ port: string | number }>; from?: Peer[] }> | null;
  };
}
interface Trigger {
  type: string;
  metadata: Record<string, string>;
  authenticationRef?: { name: string };
}

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CHART = join(ROOT, 'deploy/helm/rayworks');
const ALL_FEATURES = join(CHART, 'ci/all-features-values.yaml');
const MINIMAL = join(CHART, 'ci/minimal-values.yaml');
// A helm built with `go install` reports Kubernetes v1.20 unless told: render for a current cluster.
const KUBE_VERSION = '1.33.0';
const PREFIX = 'rw-rayworks';

// Every object kind the chart may render, with its validator. A kind not listed here fails the test.
const MODELS: Record<string, { new (data: never): { validate(): void } }> = {
  'apps/v1/Deployment': Deployment,
  'v1/Service': Service,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
  'autoscaling/v2/HorizontalPodAutoscaler': HorizontalPodAutoscaler,
  'networking.k8s.io/v1/NetworkPolicy': NetworkPolicy,
  'networking.k8s.io/v1/Ingress': Ingress,
  'batch/v1/Job': Job,
  'keda.sh/v1alpha1/ScaledObject': ScaledObject,
  'keda.sh/v1alpha1/TriggerAuthentication': TriggerAuthentication,
  'monitoring.coreos.com/v1/PrometheusRule': PrometheusRule,
};

// The processes npm start runs (scripts/lib/processes.mjs, from SERVICE_NAMES and SERVICES_WITH_WORKERS).
const processesModule = new URL('../../scripts/lib/processes.mjs', import.meta.url).href;
const { processTable } = (await import(processesModule)) as {
  processTable: (env: Record<string, string>) => StackProcess[];
};
const PROCESSES = processTable({ DATABASE_URL: 'postgres://rayworks:x@127.0.0.1:5432/rayworks' });

let HELM = '';

function helm(args: string[]): { status: number | null; stdout: string; stderr: string } {
  const out = spawnSync(HELM, args, { cwd: ROOT, encoding: 'utf8' });
  return { status: out.status, stdout: out.stdout, stderr: out.stderr };
}

function render(valuesFile: string, ...sets: string[]): KubeObject[] {
  const out = helm([
    'template',
    'rw',
    CHART,
    '--kube-version',
    KUBE_VERSION,
    '-f',
    valuesFile,
    ...sets.flatMap((s) => ['--set', s]),
  ]);
  if (out.status !== 0) throw new Error(`helm template failed: ${out.stderr}`);
  return parseAllDocuments(out.stdout)
    .map((doc) => doc.toJSON() as KubeObject | null)
    .filter((o): o is KubeObject => o !== null);
}

const ofKind = <T extends KubeObject>(objects: KubeObject[], kind: string): T[] =>
  objects.filter((o) => o.kind === kind) as T[];
const named = <T extends KubeObject>(objects: KubeObject[], kind: string, name: string): T | undefined =>
  ofKind<T>(objects, kind).find((o) => o.metadata.name === name);
const containerOf = (d: DeploymentObject): Container => d.spec.template.spec.containers[0]!;
const envOf = (d: { spec: { template: { spec: PodSpec } } }): Record<string, EnvVar> =>
  Object.fromEntries(d.spec.template.spec.containers[0]!.env.map((e) => [e.name, e]));
const componentOf = (o: KubeObject): string => o.metadata.labels?.['app.kubernetes.io/component'] ?? '';

/**
 * Queues a listener takes itself (docs/decisions/0301): none today; the analyzers' matching moved to the lims worker,
 * away from the acknowledgements (docs/decisions/0337).
 */
const LISTENER_QUEUES: Record<string, string> = {};

/**
 * Which process takes each queue: a listener's own, else the service's worker where it has one, else the service's own
 * process.
 */
const queueTakers = (): Record<string, string[]> => {
  const takers: Record<string, string[]> = {};
  for (const queue of Object.values(QUEUES)) {
    const service = queue.split('.')[0] as ServiceName;
    const taker = LISTENER_QUEUES[queue] ?? (SERVICES_WITH_WORKERS.includes(service) ? `${service}-worker` : service);
    (takers[taker] ??= []).push(queue);
  }
  return takers;
};

beforeAll(() => {
  // idempotent: returns at once when the pinned Helm is built (scripts/ensure-deps.sh builds it for npm test)
  HELM = execFileSync('bash', ['deploy/helm/install-helm.sh'], { cwd: ROOT, encoding: 'utf8' }).trim();
}, 900_000);

interface AlertRule {
  alert: string;
  expr: string;
  for: string;
  labels: { severity: string };
  annotations: { summary: string; description: string };
}

/** The metric names an expression reads (its vector selectors), or the parse errors' positions. */
function metricsOf(expr: string): { metrics: string[]; errors: number[] } {
  const metrics: string[] = [];
  const errors: number[] = [];
  promql.parse(expr).iterate({
    enter: (node) => {
      if (node.type.isError) errors.push(node.from);
      if (node.name === 'Identifier' && node.node.parent?.name === 'VectorSelector')
        metrics.push(expr.slice(node.from, node.to));
    },
  });
  return { metrics, errors };
}

/** Every series name the kit's metrics registry serves on a process's metrics port, with its label names. */
function kitSeries(): Map<string, string[]> {
  const metrics = new Metrics('chart-spec');
  new OperationalMetrics(
    metrics,
    {} as DataSource,
    {} as JobQueues,
    { service: 'cases', schema: 'cases' },
    createLogger('chart-spec', 'silent'),
  );
  return new Map(
    metrics.registry
      .getMetricsAsArray()
      .map((m) => [m.name, [...((m as unknown as { labelNames: string[] }).labelNames ?? []), 'service']]),
  );
}

describe('the Helm chart deploy/helm/rayworks', () => {
  let all: KubeObject[];
  let minimal: KubeObject[];
  beforeAll(() => {
    all = render(ALL_FEATURES);
    // a process may turn a default off
    minimal = render(MINIMAL, 'workers.lims.autoscaling.enabled=false');
  });

  it('passes helm lint --strict', () => {
    const out = helm(['lint', CHART, '--strict', '--kube-version', KUBE_VERSION, '-f', ALL_FEATURES]);
    expect(out.stderr + out.stdout).toContain('0 chart(s) failed');
    expect(out.status).toBe(0);
  });

  it('renders only objects that are valid against the Kubernetes (and KEDA) schemas', () => {
    for (const objects of [all, minimal]) {
      expect(objects.length).toBeGreaterThan(30);
      for (const object of objects) {
        const key = `${object.apiVersion}/${object.kind}`;
        const Model = MODELS[key];
        expect({ key, known: Boolean(Model) }).toEqual({ key, known: true });
        expect(() => new Model!(object as never).validate()).not.toThrow();
      }
    }
    // the validators have teeth: a container without an image name, a ScaledObject without its target
    const broken = structuredClone(named<DeploymentObject>(all, 'Deployment', `${PREFIX}-auth`)!);
    delete (broken.spec.template.spec.containers[0] as Partial<Container>).name;
    expect(() => new Deployment(broken as never).validate()).toThrow(/name/);
    const scaled = structuredClone(ofKind(all, 'ScaledObject')[0]!);
    delete scaled.spec!.scaleTargetRef;
    expect(() => new ScaledObject(scaled as never).validate()).toThrow(/scaleTargetRef/);
  });

  it('runs one Deployment per process npm start runs (every service and worker, and the gateway), nothing else', () => {
    const deployments = ofKind<DeploymentObject>(minimal, 'Deployment');
    expect(deployments.map((d) => d.metadata.name).sort()).toEqual(PROCESSES.map((p) => `${PREFIX}-${p.name}`).sort());
    for (const proc of PROCESSES) {
      const d = named<DeploymentObject>(minimal, 'Deployment', `${PREFIX}-${proc.name}`)!;
      const c = containerOf(d);
      expect({ name: proc.name, command: c.command }).toEqual({ name: proc.name, command: ['node', proc.entry] });
      expect(c.ports.find((p) => p.name === 'http')?.containerPort).toBe(proc.port);
      expect(envOf(d).PORT?.value).toBe(String(proc.port));
      // its own selector: scaled alone
      expect(d.spec.selector.matchLabels['app.kubernetes.io/component']).toBe(proc.name);
    }
  });

  it('probes /health/live and /health/ready on the process port and requests resources', () => {
    for (const d of ofKind<DeploymentObject>(all, 'Deployment')) {
      const c = containerOf(d);
      const name = componentOf(d);
      expect({ name, live: c.livenessProbe.httpGet }).toEqual({ name, live: { path: '/health/live', port: 'http' } });
      expect(c.startupProbe.httpGet.path).toBe('/health/live');
      // the gateway's /health/ready asks every service: one service down must not take the gateway out of service
      const ready = name === 'gateway' ? '/health/live' : '/health/ready';
      expect({ name, ready: c.readinessProbe.httpGet }).toEqual({ name, ready: { path: ready, port: 'http' } });
      expect(c.resources.requests?.cpu).toBeDefined();
      expect(c.resources.requests?.memory).toBeDefined();
      expect(c.resources.limits?.memory).toBeDefined();
    }
  });

  it('runs as a non-root user on a read-only root file system with /tmp writable', () => {
    for (const d of ofKind<DeploymentObject>(all, 'Deployment')) {
      const pod = d.spec.template.spec;
      expect(pod.securityContext.runAsNonRoot).toBe(true);
      expect(containerOf(d).securityContext).toMatchObject({
        readOnlyRootFilesystem: true,
        allowPrivilegeEscalation: false,
      });
      expect(containerOf(d).volumeMounts).toContainEqual({ name: 'tmp', mountPath: '/tmp' });
      expect(pod.volumes).toContainEqual({ name: 'tmp', emptyDir: {} });
    }
  });

  it('gives every Deployment a PodDisruptionBudget selecting exactly its pods', () => {
    for (const objects of [all, minimal]) {
      for (const d of ofKind<DeploymentObject>(objects, 'Deployment')) {
        const pdb = named(objects, 'PodDisruptionBudget', d.metadata.name);
        expect(pdb?.spec?.selector).toEqual(d.spec.selector);
        expect(pdb?.spec?.maxUnavailable).toBe(1);
      }
    }
  });

  it('autoscales every process on CPU (HPA), except one that turns it off, which keeps its replicas', () => {
    for (const d of ofKind<DeploymentObject>(minimal, 'Deployment')) {
      const hpa = named(minimal, 'HorizontalPodAutoscaler', d.metadata.name);
      if (d.metadata.name === `${PREFIX}-lims-worker`) {
        expect(hpa).toBeUndefined();
        expect(d.spec.replicas).toBe(2);
        continue;
      }
      expect(d.spec.replicas).toBeUndefined();
      expect(hpa?.spec).toMatchObject({
        scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: d.metadata.name },
        metrics: [{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization' } } }],
      });
    }
    expect(ofKind(minimal, 'ScaledObject')).toEqual([]);
  });

  it('with KEDA, scales workers on their queues and services on their consumer group lag (from libs/contracts)', () => {
    const takers = queueTakers();
    const scaled = ofKind(all, 'ScaledObject');
    expect(scaled.map((s) => s.metadata.name).sort()).toEqual(
      PROCESSES.filter((p) => p.name !== 'gateway')
        .map((p) => `${PREFIX}-${p.name}`)
        .sort(),
    );
    for (const s of scaled) {
      const name = componentOf(s);
      const triggers = s.spec!.triggers as Trigger[];
      expect(s.spec!.scaleTargetRef).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name: s.metadata.name });
      expect(triggers.map((t) => t.type)).toContain('cpu');
      // no HPA of the chart's own competes with KEDA's
      expect(named(all, 'HorizontalPodAutoscaler', s.metadata.name)).toBeUndefined();

      const lists = triggers.filter((t) => t.type === 'redis').map((t) => t.metadata.listName);
      expect({ name, lists: lists.sort() }).toEqual({
        name,
        lists: (takers[name] ?? []).map((q) => `bull:${q}:wait`).sort(),
      });
      for (const t of triggers.filter((x) => x.type === 'redis')) {
        expect(t.metadata.address).toBe('redis.example.internal:6379');
        expect(t.authenticationRef?.name).toBe(`${PREFIX}-redis`);
      }

      const groups = triggers.filter((t) => t.type === 'kafka').map((t) => t.metadata.consumerGroup);
      if ((SERVICE_NAMES as readonly string[]).includes(name)) {
        const service = name as ServiceName;
        expect(groups).toEqual([`${service}.${SERVICE_SUBSCRIPTIONS[service].purpose}`]);
        const kafka = triggers.find((t) => t.type === 'kafka')!;
        expect(kafka.metadata.bootstrapServers).toBe('kafka-0.example.internal:9092,kafka-1.example.internal:9092');
      } else {
        expect(groups).toEqual([]);
      }
    }
    // every queue is watched by the process that takes it
    const watched = scaled.flatMap((s) => (s.spec!.triggers as Trigger[]).filter((t) => t.type === 'redis'));
    expect(watched).toHaveLength(Object.values(QUEUES).length);
    expect(named(all, 'TriggerAuthentication', `${PREFIX}-redis`)?.spec).toEqual({
      secretTargetRef: [{ parameter: 'password', name: 'rayworks-redis', key: 'password' }],
    });
    // the gateway has no queue and no consumer group: CPU only
    expect(named(all, 'HorizontalPodAutoscaler', `${PREFIX}-gateway`)).toBeDefined();
  });

  it('ships alert rules on consumer lag and its age, consumers out of their group, outbox age and dead letters (issue 20 item 3)', () => {
    expect(ofKind(minimal, 'PrometheusRule')).toEqual([]);
    const [rule, ...more] = ofKind(all, 'PrometheusRule');
    expect(more).toEqual([]);
    expect(rule!.metadata.labels).toMatchObject({ release: 'kube-prometheus-stack' });
    const rules = (rule!.spec as { groups: Array<{ rules: AlertRule[] }> }).groups.flatMap((g) => g.rules);
    expect(rules.map((r) => r.alert).sort()).toEqual([
      'RayworksConsumerLag',
      'RayworksConsumerLagAge',
      'RayworksConsumerNotRunning',
      'RayworksDeadLetters',
      'RayworksJobOutboxBacklogAge',
      'RayworksMetricsCollectFailing',
      'RayworksOutboxBacklogAge',
    ]);
    const series = kitSeries();
    const read = new Set<string>();
    for (const r of rules) {
      // valid PromQL, over series the kit's metrics registry serves (and so exports on every process's metrics port)
      const { metrics, errors } = metricsOf(r.expr);
      expect({ alert: r.alert, errors }).toEqual({ alert: r.alert, errors: [] });
      expect({ alert: r.alert, reads: metrics.length > 0 }).toEqual({ alert: r.alert, reads: true });
      for (const metric of metrics) {
        expect({ alert: r.alert, metric, served: series.has(metric) }).toEqual({
          alert: r.alert,
          metric,
          served: true,
        });
        read.add(metric);
        // the labels it groups by are the series' own (pod comes from the scrape)
        const grouped = [...r.expr.matchAll(/by \(([^)]*)\)/g)].flatMap((m) => m[1]!.split(',').map((l) => l.trim()));
        for (const label of grouped.filter((l) => l !== 'pod'))
          expect({ alert: r.alert, label, known: series.get(metric)!.includes(label) }).toEqual({
            alert: r.alert,
            label,
            known: true,
          });
      }
      // this release's series only
      expect(r.expr).toContain('{namespace="default"}');
      expect(['warning', 'critical']).toContain(r.labels.severity);
      expect(r.annotations.summary).toMatch(/\{\{ \$(labels|value)/);
      expect(r.for).toMatch(/^\d+m$/);
    }
    expect([...read].sort()).toEqual(
      [
        'rayworks_dead_letters_open',
        'rayworks_job_outbox_oldest_pending_age_seconds',
        'rayworks_kafka_consumer_lag',
        'rayworks_kafka_consumer_lag_seconds',
        'rayworks_kafka_consumer_running',
        'rayworks_metrics_collect_errors_total',
        'rayworks_outbox_oldest_pending_age_seconds',
      ].sort(),
    );
    // the parser has teeth
    expect(metricsOf('sum by (group (rayworks_kafka_consumer_lag').errors.length).toBeGreaterThan(0);
    // thresholds come from the values
    const tuned = render(ALL_FEATURES, 'alerts.consumerLagAgeSeconds=42', 'alerts.selector=job="rw"');
    const age = (ofKind(tuned, 'PrometheusRule')[0]!.spec as { groups: Array<{ rules: AlertRule[] }> }).groups
      .flatMap((g) => g.rules)
      .find((r) => r.alert === 'RayworksConsumerLagAge')!;
    expect(age.expr).toBe('max by (group) (rayworks_kafka_consumer_lag_seconds{job="rw"}) > 42');
  });

  describe('network policy', () => {
    /** The policies that select a process's pods (their podSelector's labels are all on the pod). */
    const policyFor = (objects: KubeObject[], name: string): PolicyObject[] => {
      const pod = named<DeploymentObject>(objects, 'Deployment', `${PREFIX}-${name}`)!.spec.selector.matchLabels;
      return ofKind<PolicyObject>(objects, 'NetworkPolicy').filter((p) =>
        Object.entries(p.spec.podSelector.matchLabels).every(([k, v]) => pod[k] === v),
      );
    };
    const httpRules = (policy: PolicyObject) =>
      (policy.spec.ingress ?? []).filter((rule) => rule.ports.some((p) => p.port === 'http'));
    const gatewayPeer = { podSelector: { matchLabels: {} as Record<string, string> } };

    beforeAll(() => {
      gatewayPeer.podSelector.matchLabels = named<DeploymentObject>(
        minimal,
        'Deployment',
        `${PREFIX}-gateway`,
      )!.spec.selector.matchLabels;
    });

    it('selects every pod, so nothing is open by default', () => {
      for (const proc of PROCESSES) {
        expect({ name: proc.name, policies: policyFor(minimal, proc.name).length }).toEqual({
          name: proc.name,
          policies: 1,
        });
        expect(policyFor(minimal, proc.name)[0]!.spec).toMatchObject({ policyTypes: ['Ingress'] });
      }
    });

    it('leaves only the gateway reachable from outside the release', () => {
      // the gateway: from anyone (or only the peers configured, e.g. the ingress controller)
      expect(httpRules(policyFor(minimal, 'gateway')[0]!)).toEqual([{ ports: [{ port: 'http', protocol: 'TCP' }] }]);
      expect(httpRules(policyFor(all, 'gateway')[0]!)[0]!.from).toEqual([
        { namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'ingress-nginx' } } },
      ]);
      for (const proc of PROCESSES.filter((p) => p.name !== 'gateway')) {
        const rules = httpRules(policyFor(minimal, proc.name)[0]!);
        if (proc.name.endsWith('-worker') || proc.name === 'lims-analyzers') {
          expect({ name: proc.name, rules }).toEqual({ name: proc.name, rules: [] });
          continue;
        }
        expect(rules).toHaveLength(1);
        const from = rules[0]!.from;
        if (proc.name === 'auth') {
          // every process of the release reads auth's public keys (JWKS)
          expect(from).toEqual([
            {
              podSelector: {
                matchLabels: { 'app.kubernetes.io/name': 'rayworks', 'app.kubernetes.io/instance': 'rw' },
              },
            },
          ]);
        } else {
          expect({ name: proc.name, from }).toEqual({ name: proc.name, from: [gatewayPeer] });
        }
      }
    });

    it('lets only the monitoring peers reach the internal metrics port (nobody unless configured)', () => {
      for (const proc of PROCESSES) {
        const metricsRules = (objects: KubeObject[]) =>
          (policyFor(objects, proc.name)[0]!.spec.ingress ?? []).filter((r) =>
            r.ports.some((p) => p.port === 'metrics'),
          );
        expect(metricsRules(all)).toEqual([
          {
            ports: [{ port: 'metrics', protocol: 'TCP' }],
            from: [{ namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'monitoring' } } }],
          },
        ]);
        expect(metricsRules(minimal)).toEqual([]);
      }
    });
  });

  it('serves metrics on the internal port of docs/decisions/0090, announced to Prometheus', () => {
    for (const d of ofKind<DeploymentObject>(minimal, 'Deployment')) {
      const c = containerOf(d);
      expect(c.ports).toContainEqual({ name: 'metrics', containerPort: 9464, protocol: 'TCP' });
      expect(c.ports.find((p) => p.name === 'http')?.containerPort).not.toBe(9464);
      expect(envOf(d).METRICS_PORT?.value).toBe('9464');
      expect(
        (d.spec.template as { metadata?: { annotations?: Record<string, string> } }).metadata?.annotations,
      ).toEqual({
        'prometheus.io/scrape': 'true',
        'prometheus.io/port': '9464',
        'prometheus.io/path': '/metrics',
      });
    }
  });

  describe('secrets and external services', () => {
    it('writes no Secret: every secret comes from an existing one named in the values', () => {
      const existing = [
        'rayworks-postgresql',
        'rayworks-redis',
        'rayworks-s3',
        'rayworks-smtp',
        'rayworks-auth-signing-keys',
        'rayworks-viewer-token-secret',
      ];
      expect(ofKind(all, 'Secret')).toEqual([]);
      const refs = [...ofKind<DeploymentObject>(all, 'Deployment'), ...ofKind<DeploymentObject>(all, 'Job')].flatMap(
        (o) => containerOf(o).env.flatMap((e) => (e.valueFrom?.secretKeyRef ? [e.valueFrom.secretKeyRef.name] : [])),
      );
      expect(refs.length).toBeGreaterThan(0);
      for (const ref of refs) expect(existing).toContain(ref);
    });

    it('gives the private signing keys to auth alone; the others verify with its JWKS through its Service', () => {
      const auth = named<DeploymentObject>(all, 'Deployment', `${PREFIX}-auth`)!;
      expect(envOf(auth).AUTH_SIGNING_KEYS?.valueFrom?.secretKeyRef).toEqual({
        name: 'rayworks-auth-signing-keys',
        key: 'signing-keys',
      });
      const authService = named(all, 'Service', `${PREFIX}-auth`)!;
      const port = (authService.spec!.ports as Array<{ port: number }>)[0]!.port;
      for (const d of ofKind<DeploymentObject>(all, 'Deployment').filter((x) => x !== auth)) {
        expect({ name: d.metadata.name, keys: envOf(d).AUTH_SIGNING_KEYS }).toEqual({
          name: d.metadata.name,
          keys: undefined,
        });
        expect(envOf(d).AUTH_JWKS_URL?.value).toBe(`http://${PREFIX}-auth:${port}/.well-known/jwks.json`);
      }
      expect(JSON.stringify(all)).not.toContain('AUTH_TOKEN_SECRET');
    });

    it("gives the study tokens' secret to the cases and imaging services alone (docs/decisions/0164)", () => {
      for (const d of ofKind<DeploymentObject>(all, 'Deployment')) {
        const holds = d.metadata.name === `${PREFIX}-cases` || d.metadata.name === `${PREFIX}-imaging`;
        expect({ name: d.metadata.name, ref: envOf(d).VIEWER_TOKEN_SECRET?.valueFrom?.secretKeyRef }).toEqual({
          name: d.metadata.name,
          ref: holds ? { name: 'rayworks-viewer-token-secret', key: 'viewer-token-secret' } : undefined,
        });
      }
    });

    it.each([
      ['postgresql.existingSecret', /postgresql\.existingSecret is required/],
      ['s3.existingSecret', /s3\.existingSecret is required/],
      ['auth.signingKeys.existingSecret', /auth\.signingKeys\.existingSecret is required/],
      ['viewer.tokenSecret.existingSecret', /viewer\.tokenSecret\.existingSecret is required/],
      ['postgresql.host', /postgresql\.host is required/],
      ['kafka.brokers', /kafka\.brokers is required/],
      ['redis.host', /redis\.host is required/],
      ['s3.endpoint', /s3\.endpoint is required/],
    ])('refuses to render without %s', (key, message) => {
      const out = helm(['template', 'rw', CHART, '--kube-version', KUBE_VERSION, '-f', MINIMAL, '--set', `${key}=`]);
      expect(out.status).not.toBe(0);
      expect(out.stderr).toMatch(message);
    });

    it('points every process at the external servers of the values', () => {
      for (const d of ofKind<DeploymentObject>(all, 'Deployment')) {
        const env = envOf(d);
        const name = componentOf(d);
        expect(env.KAFKA_BROKERS?.value).toBe('kafka-0.example.internal:9092,kafka-1.example.internal:9092');
        expect(env.REDIS_URL?.value).toBe('redis://:$(REDIS_PASSWORD)@redis.example.internal:6379');
        expect(env.S3_ENDPOINT?.value).toBe('https://s3.example.internal');
        expect(env.S3_PUBLIC_ENDPOINT?.value).toBe('https://files.rayworks.example.com');
        expect(env.NODE_ENV?.value).toBe('production');
        if (name !== 'gateway') {
          // a worker or a listener (lims-analyzers) uses its service's role
          const service = name.split('-')[0];
          expect(env.DATABASE_URL?.value).toBe(
            `postgres://rayworks_${service}:$(DATABASE_PASSWORD)@postgres.example.internal:5432/rayworks?sslmode=require`,
          );
        }
        // a $(VAR) reference resolves only to a variable defined before it
        const order = containerOf(d).env.map((e) => e.name);
        for (const [index, e] of containerOf(d).env.entries()) {
          for (const ref of (e.value ?? '').matchAll(/\$\(([A-Z_]+)\)/g)) {
            expect(order.slice(0, index)).toContain(ref[1]);
          }
        }
      }
    });

    it('points the gateway at each service through that service’s Service', () => {
      const gateway = envOf(named<DeploymentObject>(all, 'Deployment', `${PREFIX}-gateway`)!);
      for (const service of SERVICE_NAMES) {
        const svc = named(all, 'Service', `${PREFIX}-${service}`)!;
        const port = (svc.spec!.ports as Array<{ port: number }>)[0]!.port;
        expect(gateway[`SERVICE_URL_${service.toUpperCase()}`]?.value).toBe(`http://${PREFIX}-${service}:${port}`);
        expect(svc.spec!.selector).toEqual(
          named<DeploymentObject>(all, 'Deployment', `${PREFIX}-${service}`)!.spec.selector.matchLabels,
        );
      }
      // the cases service reaches imaging the same way (a case's downloads)
      const cases = envOf(named<DeploymentObject>(all, 'Deployment', `${PREFIX}-cases`)!);
      const imaging = named(all, 'Service', `${PREFIX}-imaging`)!;
      expect(cases.SERVICE_URL_IMAGING?.value).toBe(
        `http://${PREFIX}-imaging:${(imaging.spec!.ports as Array<{ port: number }>)[0]!.port}`,
      );
      // and reporting reaches cases (every call about a case) and auth (the signer's profile)
      const reporting = envOf(named<DeploymentObject>(all, 'Deployment', `${PREFIX}-reporting`)!);
      for (const called of ['cases', 'auth'] as const) {
        const svc = named(all, 'Service', `${PREFIX}-${called}`)!;
        expect(reporting[`SERVICE_URL_${called.toUpperCase()}`]?.value).toBe(
          `http://${PREFIX}-${called}:${(svc.spec!.ports as Array<{ port: number }>)[0]!.port}`,
        );
      }
      // workers serve only their probes: no Service
      expect(ofKind(all, 'Service').map((s) => s.metadata.name)).not.toContain(`${PREFIX}-imaging-worker`);
    });

    it('lets laboratory analyzers reach lims-analyzers on its HL7 and ASTM ports only (docs/decisions/0301)', () => {
      const svc = named(all, 'Service', `${PREFIX}-lims-analyzers`)!;
      expect(svc.spec!.ports).toEqual([
        { name: 'hl7', port: LIMS_ANALYZERS_PORTS.hl7, targetPort: 'hl7', protocol: 'TCP' },
        { name: 'astm', port: LIMS_ANALYZERS_PORTS.astm, targetPort: 'astm', protocol: 'TCP' },
      ]);
      const d = named<DeploymentObject>(all, 'Deployment', `${PREFIX}-lims-analyzers`)!;
      expect(svc.spec!.selector).toEqual(d.spec.selector.matchLabels);
      expect(containerOf(d).ports.map((p) => [p.name, p.containerPort])).toEqual([
        ['http', LIMS_ANALYZERS_PORTS.health],
        ['metrics', 9464],
        ['hl7', LIMS_ANALYZERS_PORTS.hl7],
        ['astm', LIMS_ANALYZERS_PORTS.astm],
      ]);
      const env = envOf(d);
      expect([env.HL7_MLLP_PORT?.value, env.ASTM_PORT?.value, env.ANALYZER_HOST?.value]).toEqual([
        String(LIMS_ANALYZERS_PORTS.hl7),
        String(LIMS_ANALYZERS_PORTS.astm),
        '0.0.0.0',
      ]);
      const policy = ofKind<PolicyObject>(all, 'NetworkPolicy').find(
        (p) => p.metadata.name === `${PREFIX}-lims-analyzers`,
      )!;
      expect(policy.spec.ingress?.filter((rule) => !rule.ports.some((p) => p.port === 'metrics'))).toEqual([
        {
          ports: [
            { port: 'hl7', protocol: 'TCP' },
            { port: 'astm', protocol: 'TCP' },
          ],
        },
      ]);
    });

    it('migrates with the owner role in a Job before every install and upgrade', () => {
      const job = ofKind<DeploymentObject>(all, 'Job')[0]!;
      expect(job.metadata.annotations?.['helm.sh/hook']).toBe('pre-install,pre-upgrade');
      expect(containerOf(job).command).toEqual(['npm', 'run', 'migrate']);
      const env = envOf(job);
      expect(env.DATABASE_URL?.value).toBe(
        'postgres://rayworks:$(OWNER_PASSWORD)@postgres.example.internal:5432/rayworks?sslmode=require',
      );
      expect(env.OWNER_PASSWORD?.valueFrom?.secretKeyRef).toEqual({
        name: 'rayworks-postgresql',
        key: 'owner-password',
      });
      expect(env.SERVICE_DATABASE_PASSWORD?.valueFrom?.secretKeyRef).toEqual({
        name: 'rayworks-postgresql',
        key: 'service-password',
      });
    });
  });
});
