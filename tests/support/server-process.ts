import { spawn, type ChildProcess } from 'node:child_process';

/** A server binary the tests run themselves (a private Redis or NATS), restartable on the same arguments. */
export class ServerProcess {
  private child: ChildProcess | undefined;
  private printed = '';

  constructor(
    private readonly command: string,
    private readonly args: string[],
    /** What the server prints once it accepts connections. */
    private readonly ready: RegExp,
    /** Added to the server's environment. */
    private readonly env: Record<string, string> = {},
  ) {}

  /** Everything the server printed, over all its runs. */
  get output(): string {
    return this.printed;
  }

  async start(): Promise<void> {
    const proc = spawn(this.command, this.args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...this.env } });
    const from = this.printed.length;
    proc.stdout!.on('data', (c: Buffer) => (this.printed += c.toString()));
    proc.stderr!.on('data', (c: Buffer) => (this.printed += c.toString()));
    const deadline = Date.now() + 10_000;
    while (!this.ready.test(this.printed.slice(from))) {
      if (proc.exitCode !== null || Date.now() > deadline) throw new Error(`private ${this.command} did not start:\n${this.printed.slice(from)}`);
      await new Promise((r) => setTimeout(r, 20));
    }
    this.child = proc;
  }

  async halt(signal: NodeJS.Signals): Promise<void> {
    const proc = this.child;
    if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
    await new Promise<void>((resolve) => {
      proc.once('exit', () => resolve());
      proc.kill(signal);
    });
  }

  /** Stops the server (SIGKILL when `crash`) and starts it again. */
  async restart({ crash = true, downMs = 0 } = {}): Promise<void> {
    await this.halt(crash ? 'SIGKILL' : 'SIGTERM');
    if (downMs) await new Promise((r) => setTimeout(r, downMs));
    await this.start();
  }
}
