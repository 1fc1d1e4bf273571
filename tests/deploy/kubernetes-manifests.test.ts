import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse, parseAllDocuments } from 'yaml';
import { z } from 'zod';
import { NATS_USERS, natsPermissions, natsPublicKeyVariable } from '@limo/messaging';
// @ts-expect-error: a plain ES module of the scripts, without type declarations
import { NATS_CHART_VERSION, natsHelmValues } from '../../scripts/lib/nats-helm-values.mjs';
import { DEPLOYABLE_CONFIGS } from '../support/deployable-configs.js';

/**
 * deploy/kubernetes (docs/operations.md, "Kubernetes") checked offline, with no cluster: every
 * manifest against the Kubernetes API's schemas (kubernetes-models: the OpenAPI schemas of the
 * API, compiled for ajv), each deployable's environment against the code that reads it, and the
 * pieces the issue asks of each (probes, requests from the measured RSS, budgets, policies).
 */
const ROOT = fileURLToPath(new URL('../../deploy/kubernetes/', import.meta.url));
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- manifests are whatever YAML says until validated
type Manifest = { file: string; apiVersion: string; kind: string; metadata: { name: string; labels?: Record<string, string> }; spec?: any; data?: any };

const kustomization = parse(read('kustomization.yaml')) as {
  resources: string[];
  helmCharts: { name: string; version: string; valuesFile: string }[];
  configMapGenerator: { name: string; envs: string[] }[];
  secretGenerator: { name: string; envs: string[] }[];
};

function manifestsOf(file: string): Manifest[] {
  return parseAllDocuments(read(file)).map((doc) => {
    if (doc.errors.length) throw new Error(`${file}: ${doc.errors.map((e) => e.message).join('; ')}`);
    return { file, ...(doc.toJS() as Omit<Manifest, 'file'>) };
  });
}
const manifests = kustomization.resources.flatMap(manifestsOf);
const named = (kind: string, name: string) => manifests.find((m) => m.kind === kind && m.metadata.name === name);

/** KEY=value lines, as kustomize reads a generator's `envs` file. */
function envFile(path: string): Record<string, string> {
  return Object.fromEntries(
    read(path)
      .split('\n')
      .filter((line) => line.trim() && !line.startsWith('#'))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
}
const configMaps = Object.fromEntries(kustomization.configMapGenerator.map((g) => [g.name, Object.assign({}, ...g.envs.map(envFile))]));
/**
 * The Secrets' keys with stand-in values, from the committed examples (their `...` stand for the
 * secret). CloudNativePG makes limo-pg-app itself: its `uri` is the app user's URL to limo-pg-rw.
 */
const STAND_IN = 'x'.repeat(48);
const secrets: Record<string, Record<string, string>> = {
  ...Object.fromEntries(
    kustomization.secretGenerator.map((g) => [
      g.name,
      Object.fromEntries(Object.entries(Object.assign({}, ...g.envs.map((env) => envFile(`${env}.example`)))).map(([k, v]) => [k, String(v).replaceAll('...', STAND_IN)])),
    ]),
  ),
  'limo-pg-app': { uri: `postgresql://limo:${STAND_IN}@limo-pg-rw.limo:5432/limo` },
};

/** A kubernetes-models class validates an object of its kind; undefined for kinds it does not ship. */
async function modelOf(apiVersion: string, kind: string): Promise<{ new (data: object): { validate(): void } } | undefined> {
  try {
    return (await import(`kubernetes-models/${apiVersion}/${kind}`))[kind];
  } catch {
    return undefined;
  }
}

/**
 * CloudNativePG ships no npm package of its CRD's schema: the fields this deployment uses, by the
 * operator's API reference (postgresql.cnpg.io/v1), strictly, so a misspelt field fails here.
 */
const CnpgCluster = z
  .object({
    apiVersion: z.literal('postgresql.cnpg.io/v1'),
    kind: z.literal('Cluster'),
    metadata: z.object({ name: z.string().regex(/^[a-z0-9-]+$/) }).strict(),
    spec: z
      .object({
        instances: z.number().int().min(1),
        imageName: z.string(),
        primaryUpdateStrategy: z.enum(['unsupervised', 'supervised']),
        postgresql: z
          .object({
            synchronous: z.object({ method: z.enum(['any', 'first']), number: z.number().int().min(1), dataDurability: z.enum(['required', 'preferred']) }).strict(),
            parameters: z.record(z.string(), z.string()),
          })
          .strict(),
        bootstrap: z.object({ initdb: z.object({ database: z.string(), owner: z.string() }).strict() }).strict(),
        enableSuperuserAccess: z.boolean(),
        storage: z.object({ size: z.string().regex(/^\d+(Mi|Gi|Ti)$/) }).strict(),
        resources: z.object({ requests: z.record(z.string(), z.string()), limits: z.record(z.string(), z.string()) }).strict(),
        affinity: z.object({ enablePodAntiAffinity: z.boolean(), topologyKey: z.string(), podAntiAffinityType: z.enum(['preferred', 'required']) }).strict(),
      })
      .strict(),
  })
  .strict();

const BINARY_UNITS: Record<string, number> = { Ki: 1024, Mi: 1024 ** 2, Gi: 1024 ** 3, '': 1 };
/** Bytes in a Kubernetes memory quantity (`160Mi`, `1Gi`). */
function bytes(quantity: string): number {
  const match = /^(\d+)(Ki|Mi|Gi)?$/.exec(quantity);
  if (!match) throw new Error(`unexpected quantity ${quantity}`);
  return Number(match[1]) * BINARY_UNITS[match[2] ?? ''];
}

/** Each process's RSS right after a burst, in MB, as docs/performance.md's startup table states it. */
function measuredBurstRss(): Record<string, number> {
  const line = readFileSync(new URL('../../docs/performance.md', import.meta.url), 'utf8')
    .split('\n')
    .find((l) => l.startsWith('| RSS idle / right after a burst'));
  if (!line) throw new Error('docs/performance.md has no RSS line');
  return Object.fromEntries([...line.matchAll(/(\w+) (\d+) \/ (\d+) \/ (\d+)/g)].map(([, name, , burst]) => [name, Number(burst)]));
}

const deployments = manifests.filter((m) => m.kind === 'Deployment');
const DEPLOYABLES = Object.keys(DEPLOYABLE_CONFIGS).sort();

/** The environment a container starts with: its ConfigMaps and Secrets (stand-ins) and its own entries. */
function containerEnv(container: { envFrom?: { configMapRef?: { name: string }; secretRef?: { name: string } }[]; env?: { name: string; value?: string; valueFrom?: { secretKeyRef: { name: string; key: string } } }[] }) {
  const env: Record<string, string> = {};
  for (const from of container.envFrom ?? []) {
    const source = from.configMapRef ? configMaps[from.configMapRef.name] : secrets[from.secretRef!.name];
    if (!source) throw new Error(`envFrom names ${JSON.stringify(from)}, which the kustomization does not make`);
    Object.assign(env, source);
  }
  for (const entry of container.env ?? []) {
    const ref = entry.valueFrom?.secretKeyRef;
    const value = ref ? secrets[ref.name]?.[ref.key] : entry.value;
    if (value === undefined) throw new Error(`${entry.name} refers to ${JSON.stringify(ref)}, which no Secret holds`);
    env[entry.name] = value;
  }
  return env;
}

describe('deploy/kubernetes', () => {
  it('lists every manifest of the folder in its kustomization, and every file it names exists', () => {
    const yamlFiles = (dir: string): string[] =>
      readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) =>
        entry.isDirectory() ? yamlFiles(join(dir, entry.name)) : entry.name.endsWith('.yaml') ? [join(dir, entry.name)] : [],
      );
    const valuesFiles = kustomization.helmCharts.map((chart) => chart.valuesFile);
    expect(yamlFiles('').filter((file) => file !== 'kustomization.yaml' && !valuesFiles.includes(file)).sort()).toEqual([...kustomization.resources].sort());
    const generated = [...kustomization.configMapGenerator.flatMap((g) => g.envs), ...kustomization.secretGenerator.flatMap((g) => g.envs.map((env) => `${env}.example`))];
    expect(generated.filter((file) => !existsSync(join(ROOT, file)))).toEqual([]);
  });

  it('validates every manifest against the Kubernetes API schemas (CloudNativePG Cluster: the fields used, strictly)', async () => {
    const problems: string[] = [];
    for (const manifest of manifests) {
      const { file, ...object } = manifest;
      const where = `${relative(ROOT, join(ROOT, file))}: ${object.kind} ${object.metadata?.name}`;
      if (object.apiVersion === 'postgresql.cnpg.io/v1') {
        const result = CnpgCluster.safeParse(object);
        if (!result.success) problems.push(`${where}: ${result.error.message}`);
        continue;
      }
      const Model = await modelOf(object.apiVersion, object.kind);
      if (!Model) {
        problems.push(`${where}: no schema for ${object.apiVersion} ${object.kind}`);
        continue;
      }
      try {
        new Model(object).validate();
      } catch (error) {
        problems.push(`${where}: ${(error as Error).message}`);
      }
    }
    expect(problems).toEqual([]);
    expect(manifests.length).toBeGreaterThan(20);
  });

  it('runs the gateway and every service, each with an environment its own code accepts and reads in full', () => {
    expect(deployments.map((d) => d.metadata.name).sort()).toEqual(DEPLOYABLES);
    for (const deployment of deployments) {
      const name = deployment.metadata.name;
      const [container] = deployment.spec.template.spec.containers;
      const env = containerEnv(container);
      // Parsed as the process parses it at start: a missing required setting or a bad value throws.
      let config: object;
      try {
        config = DEPLOYABLE_CONFIGS[name](env);
      } catch (error) {
        throw new Error(`${name} would refuse to start: ${(error as Error).message}`);
      }
      const unread = Object.keys(env).filter((key) => !(key in config));
      expect({ name, unread }).toEqual({ name, unread: [] });
      // Each logs in to NATS as itself, with its own seed only.
      expect({ name, user: env.NATS_USER }).toEqual({ name, user: name });
      expect(container.envFrom.filter((from: { secretRef?: { name: string } }) => from.secretRef?.name.startsWith('nats-')).map((from: { secretRef: { name: string } }) => from.secretRef.name)).toEqual([`nats-${name}`]);
    }
  });

  it('makes the streams with three replicas as the ops user, before the services, with its own seed', () => {
    const job = named('Job', 'nats-streams')!;
    const env = containerEnv(job.spec.template.spec.containers[0]);
    expect(env).toMatchObject({ NATS_USER: 'ops', NATS_STREAM_REPLICAS: '3', NATS_PREFIX: configMaps['services-env'].NATS_PREFIX, NATS_URL: configMaps['services-env'].NATS_URL });
    expect(configMaps['services-env'].NATS_STREAM_REPLICAS).toBe('3');
  });

  it('probes each process on its own health endpoints and asks for at least the RSS measured after a burst', () => {
    const rss = measuredBurstRss();
    expect(Object.keys(rss).length).toBeGreaterThanOrEqual(6);
    for (const deployment of deployments) {
      const name = deployment.metadata.name;
      const [container] = deployment.spec.template.spec.containers;
      const [live, ready] = name === 'gateway' ? ['/api/health/live', '/api/health/ready'] : ['/health/live', '/health/ready'];
      const port = name === 'gateway' ? configMaps['gateway-env'].PORT : configMaps['services-env'].METRICS_PORT;
      const portNamed = (probe: { httpGet: { port: string } }) => container.ports.find((p: { name: string }) => p.name === probe.httpGet.port)?.containerPort;
      expect({ name, live: container.livenessProbe.httpGet.path, ready: container.readinessProbe.httpGet.path }).toEqual({ name, live, ready });
      expect([portNamed(container.livenessProbe), portNamed(container.readinessProbe)]).toEqual([Number(port), Number(port)]);
      // Measured where the table has the process; else the largest figure of the others.
      const measuredMb = rss[name] ?? Math.max(...Object.values(rss));
      expect({ name, enough: bytes(container.resources.requests.memory) >= measuredMb * 1e6 }).toEqual({ name, enough: true });
      expect(bytes(container.resources.limits.memory)).toBeGreaterThan(bytes(container.resources.requests.memory));
    }
  });

  it('gives every deployable a disruption budget and a network policy, and autoscales the gateway and booking', () => {
    const selects = (kind: string, name: string) =>
      manifests.filter((m) => m.kind === kind && (m.spec.selector ?? m.spec.podSelector)?.matchLabels?.['app.kubernetes.io/name'] === name);
    for (const name of DEPLOYABLES) {
      expect({ name, budgets: selects('PodDisruptionBudget', name).length, policies: selects('NetworkPolicy', name).length }).toEqual({ name, budgets: 1, policies: 1 });
    }
    const autoscaled = manifests.filter((m) => m.kind === 'HorizontalPodAutoscaler').map((m) => m.spec.scaleTargetRef.name);
    expect(autoscaled.sort()).toEqual(['booking', 'gateway']);
    // The autoscaler owns their count: a replicas field would reset it at every apply.
    expect(deployments.filter((d) => autoscaled.includes(d.metadata.name) && d.spec.replicas !== undefined)).toEqual([]);
  });

  it('denies by default, lets only the gateway take requests from anyone, and the services reach the data stores', () => {
    const deny = named('NetworkPolicy', 'default-deny')!;
    expect(deny.spec).toEqual({ podSelector: {}, policyTypes: ['Ingress', 'Egress'] });
    const policies = manifests.filter((m) => m.kind === 'NetworkPolicy');
    const openToAll = policies.filter((p) => (p.spec.ingress ?? []).some((rule: { from?: unknown[] }) => !rule.from));
    expect(openToAll.map((p) => p.metadata.name)).toEqual(['gateway']);
    const egressPorts = (name: string) => policies.find((p) => p.metadata.name === name)!.spec.egress.flatMap((rule: { ports: { port: number }[] }) => rule.ports.map((p) => p.port));
    for (const name of DEPLOYABLES.filter((n) => n !== 'gateway')) expect({ name, ports: egressPorts(name) }).toEqual({ name, ports: expect.arrayContaining([4222, 5432, 6379, 26379]) });
    expect(egressPorts('gateway').sort()).toEqual([26379, 4222, 6379]);
  });

  it('runs NATS from the official chart as a cluster of three with JetStream on files, and the users of nats-auth.ts', () => {
    const [chart] = kustomization.helmCharts;
    expect(chart).toMatchObject({ name: 'nats', version: NATS_CHART_VERSION });
    const text = read(chart.valuesFile);
    // Written by `node scripts/nats-helm-values.mjs`: regenerate it after changing the users.
    expect(text).toBe(natsHelmValues({ users: NATS_USERS, permissions: natsPermissions('limo'), publicKeyVariable: natsPublicKeyVariable }));
    const values = parse(text);
    expect(values.config.cluster).toMatchObject({ enabled: true, replicas: 3 });
    expect(values.config.jetstream).toMatchObject({ enabled: true, fileStore: { enabled: true } });
    expect(values.config.merge.authorization.users).toHaveLength(NATS_USERS.length);
    for (const [variable, source] of Object.entries(values.container.env as Record<string, { valueFrom: { secretKeyRef: { name: string; key: string } } }>)) {
      expect({ variable, held: secrets[source.valueFrom.secretKeyRef.name]?.[source.valueFrom.secretKeyRef.key] !== undefined }).toEqual({ variable, held: true });
    }
    // The clients name all three servers of the chart's StatefulSet.
    expect(configMaps['services-env'].NATS_URL.split(',')).toEqual([0, 1, 2].map((i) => `nats://nats-${i}.nats-headless:4222`));
    expect(configMaps['gateway-env'].NATS_URL).toBe(configMaps['services-env'].NATS_URL);
  });

  it('replicates PostgreSQL synchronously across three instances and points the services at the primary', () => {
    const cluster = named('Cluster', 'limo-pg')!;
    expect(cluster.spec.instances).toBe(3);
    expect(cluster.spec.postgresql.synchronous).toMatchObject({ number: 1, dataDurability: 'required' });
    expect(secrets['limo-pg-app'].uri).toContain('@limo-pg-rw.');
  });

  it('runs Redis with three Sentinels that the application asks for the master', () => {
    const redis = named('StatefulSet', 'redis')!;
    expect(redis.spec.replicas).toBe(3);
    expect(redis.spec.template.spec.containers.map((c: { name: string }) => c.name).sort()).toEqual(['redis', 'sentinel']);
    const url = secrets.redis.REDIS_URL;
    expect(url).toMatch(/^redis-sentinel:\/\//);
    expect(url.split('@')[1].split('/')[0].split(',')).toEqual([0, 1, 2].map((i) => `redis-${i}.redis-headless:26379`));
    expect(read('data/redis.yaml')).toContain(`sentinel monitor ${url.split('/').at(-1)!.split('?')[0]} `);
  });
});
