// startImageTarget: runs a container image as a certification target with testcontainers and hands back
// the URLs of its APIs on this machine, its logs and a stop(). The container is tracked from the moment
// it is created, so that a failed start, a signal or an exit removes it too.
import type { Readable } from 'node:stream';
import type { StartedTestContainer, WaitStrategy } from 'testcontainers';
import { trackContainer, untrackContainer } from './cleanup.js';
import { dockerAvailable, engineEndpoint } from './engine.js';
import { firstLine, ImageTargetError } from './errors.js';
import { defaultNetwork, loopbackPortIsFree, OnHostNetwork } from './host-network.js';
import { LogBuffer } from './log-buffer.js';
import { maskLogText, secretValues } from './mask-logs.js';
import { isLoopbackHost, normalizeBasePath, targetUrls } from './target-urls.js';
import { CONTAINER_LABEL, type ImageReadiness, type ImageTarget, type ImageTargetOptions, type TargetUrls } from './types.js';

const DEFAULT_READY_TIMEOUT_MS = 60_000;
const STOP_GRACE_MS = 5_000;
const LOG_DRAIN_MS = 2_000;

export async function startImageTarget(options: ImageTargetOptions): Promise<ImageTarget> {
  const containerPort = options.containerPort ?? 8080;
  const basePath = normalizeBasePath(options.basePath);
  const env = options.env ?? {};
  const engine = await dockerAvailable();
  if (!engine.ok) throw new ImageTargetError('engine-unreachable', engine.reason);

  // No registry holds Ryuk's image here; this module removes its containers itself.
  process.env.TESTCONTAINERS_RYUK_DISABLED ??= 'true';
  // An engine on a local socket publishes ports on this machine: reach them on loopback. Left alone,
  // testcontainers takes the bridge gateway (a private address) wherever /.dockerenv exists, as it
  // does on this project's machines. A user inside a container sets TESTCONTAINERS_HOST_OVERRIDE.
  const endpoint = engineEndpoint(process.env);
  if (endpoint.kind === 'socket') process.env.TESTCONTAINERS_HOST_OVERRIDE ??= '127.0.0.1';
  const network = options.network ?? defaultNetwork(endpoint, process.platform);
  const hostNetwork = network === 'host';
  if (hostNetwork && !(await loopbackPortIsFree(containerPort))) {
    throw new ImageTargetError('start-failed', `port ${containerPort} of 127.0.0.1 is taken: on the host's network the container must listen there itself (free it, or use --network bridge)`);
  }
  const testcontainers = await import('testcontainers');
  const client = await testcontainers.getContainerRuntimeClient();
  await ensureImage(client, testcontainers.ImageName.fromString(options.image));
  const known = secretValues(env);
  const logBuffer = new LogBuffer({ mask: (line) => maskLogText(line, known) });
  let logsEnded: Promise<void> = Promise.resolve();
  let createdId: string | undefined;

  const removeById = async (id: string) => {
    await client.container.dockerode.getContainer(id).remove({ force: true, v: true }).catch(() => undefined);
  };
  const loopbackOnly = isLoopbackHost(client.info.containerRuntime.host);

  class TargetContainer extends testcontainers.GenericContainer {
    // Published on loopback only: a target under certification is no service for the network.
    protected override async beforeContainerCreated(): Promise<void> {
      if (!loopbackOnly) return;
      for (const bindings of Object.values(this.hostConfig.PortBindings ?? {}) as Array<Array<{ HostIp?: string }>>) {
        for (const binding of bindings) binding.HostIp = '127.0.0.1';
      }
    }
    protected override async containerCreated(id: string): Promise<void> {
      createdId = id;
      trackContainer(id, () => removeById(id), options.signalsHandledByCaller);
    }
  }

  const readiness = options.readiness ?? {};
  const ready = waitStrategy(testcontainers, readiness, containerPort, basePath);
  const container = new TargetContainer(options.image)
    .withEnvironment(env)
    .withLabels({ ...options.labels, [CONTAINER_LABEL]: options.image })
    .withWaitStrategy(hostNetwork ? new OnHostNetwork(ready, containerPort) : ready)
    .withStartupTimeout(readiness.timeoutMs ?? DEFAULT_READY_TIMEOUT_MS)
    .withLogConsumer((stream: Readable) => {
      logsEnded = new Promise((resolve) => {
        stream.on('data', (chunk: string | Buffer) => logBuffer.write(chunk.toString()));
        stream.on('end', resolve).on('close', resolve).on('error', resolve);
      });
    });

  if (hostNetwork) container.withNetworkMode('host');
  else container.withExposedPorts(containerPort).withNetworkMode(network);

  let started: StartedTestContainer;
  try {
    started = await container.start();
  } catch (error) {
    const id = createdId;
    if (id !== undefined) {
      await removeById(id);
      untrackContainer(id);
    }
    await withinMs(logsEnded, LOG_DRAIN_MS);
    logBuffer.end();
    throw startFailure(error, options.image, readiness, logBuffer.text());
  }

  const id = started.getId();
  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      await started.stop({ timeout: STOP_GRACE_MS, remove: false }).catch(() => undefined);
      await withinMs(logsEnded, LOG_DRAIN_MS);
      logBuffer.end();
      await removeById(id);
      untrackContainer(id);
    })();
    return stopping;
  };
  trackContainer(id, stop, options.signalsHandledByCaller);
  let urls: TargetUrls;
  try {
    urls = hostNetwork ? targetUrls('127.0.0.1', containerPort, basePath) : targetUrls(client.info.containerRuntime.host, started.getMappedPort(containerPort), basePath);
  } catch (error) {
    await stop();
    throw new ImageTargetError('start-failed', `container of ${options.image} publishes no port for ${containerPort}: ${firstLine(error)}`, logBuffer.text());
  }
  return { urls, network, containerId: id, logs: async () => maskLogText(logBuffer.text()), stop };
}

type Testcontainers = typeof import('testcontainers');
type RuntimeClient = Awaited<ReturnType<Testcontainers['getContainerRuntimeClient']>>;
type ImageName = InstanceType<Testcontainers['ImageName']>;

/** A local image is used as is; a missing one is pulled, and a pull that fails says so plainly. */
async function ensureImage(client: RuntimeClient, image: ImageName): Promise<void> {
  const unavailable = (detail: string) => new ImageTargetError('image-unavailable', `image ${image.string} is not on this Docker engine and could not be pulled: ${detail}`);
  try {
    await client.image.pull(image, { force: false, platform: undefined });
  } catch (error) {
    throw unavailable(firstLine(error));
  }
  // testcontainers reports a pull refused in mid-stream as a success: look.
  if (!(await client.image.exists(image))) throw unavailable('the pull did not produce it');
}

function waitStrategy(tc: Testcontainers, readiness: ImageReadiness, port: number, basePath: string): WaitStrategy {
  const strategies: WaitStrategy[] = [];
  if (readiness.path !== undefined) {
    strategies.push(tc.Wait.forHttp(readiness.path, port, { abortOnContainerExit: true }).forStatusCodeMatching((s) => s >= 200 && s < 300));
  }
  if (readiness.logLine !== undefined) strategies.push(tc.Wait.forLogMessage(readiness.logLine));
  if (strategies.length === 0) {
    // Any HTTP answer means the server is up; which status a bare path gives is the service's business.
    strategies.push(tc.Wait.forHttp(`${basePath}/v4`, port, { abortOnContainerExit: true }).forStatusCodeMatching(() => true));
  }
  return strategies.length === 1 ? (strategies[0] as WaitStrategy) : tc.Wait.forAll(strategies);
}

function startFailure(error: unknown, image: string, readiness: ImageReadiness, logs: string): ImageTargetError {
  const detail = firstLine(error);
  if (/exited/i.test(detail)) return new ImageTargetError('start-failed', `container of ${image} exited before it was ready: ${detail}`, logs);
  if (/timed? ?out|timeout|not accessible|after \d+ ?ms|ready/i.test(detail)) {
    const what = [readiness.path && `${readiness.path} answering 2xx`, readiness.logLine && `the log line '${readiness.logLine}'`].filter(Boolean).join(' and ') || 'an HTTP answer';
    return new ImageTargetError('not-ready', `container of ${image} did not become ready (waited for ${what}): ${detail}`, logs);
  }
  return new ImageTargetError('start-failed', `container of ${image} could not be started: ${detail}`, logs);
}

function withinMs(promise: Promise<unknown>, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    void promise.finally(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}
