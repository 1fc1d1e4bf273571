import type { JetStreamManager, StreamConfig } from '@nats-io/jetstream';

const STREAM_WAIT_MS = 60_000;

/** Makes the stream unless it exists (turning direct gets on for one made before they were used). */
export async function ensureStream(jsm: JetStreamManager, name: string, config: Partial<StreamConfig> & { name: string }): Promise<void> {
  const info = await jsm.streams.info(name).catch(() => undefined);
  if (info) {
    if (config.allow_direct && !info.config.allow_direct) await jsm.streams.update(name, { ...info.config, allow_direct: true }).catch(refusedOr(undefined));
    return;
  }
  try {
    await jsm.streams.add(config);
  } catch (error) {
    // Another replica may have created it between our info and add; or this user may not create it.
    if (await jsm.streams.info(name).catch(() => undefined)) return;
    if (!isRefused(error)) throw error;
    for (const until = Date.now() + STREAM_WAIT_MS; Date.now() < until; ) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      if (await jsm.streams.info(name).catch(() => undefined)) return;
    }
    throw new Error(`The stream ${name} does not exist and this NATS user may not create it: the ops user makes it (docs/security.md)`);
  }
}

const isRefused = (error: unknown) => /permissions violation/i.test(String((error as Error)?.message ?? error));
/** Ignores a refusal by permissions; anything else is thrown. */
const refusedOr =
  <T>(value: T) =>
  (error: unknown): T => {
    if (isRefused(error)) return value;
    throw error;
  };
