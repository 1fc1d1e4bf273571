import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/**
 * `@OnEvent(contract, ...more)` and `@OnRpc(contract)` tie a handler's types to its contract: a handler
 * typed for another payload, another request or returning another reply fails to compile. This
 * compiles a small module of handlers against the built packages and reads the diagnostics.
 */

const here = dirname(fileURLToPath(import.meta.url));
const fixture = join(here, '__handler_typing_fixture__.ts');

const source = `
import 'reflect-metadata';
import { Controller } from '@nestjs/common';
import { bookingEvents, fleetEvents, fleetRpc, type Vehicle } from '@limo/contracts';
import { EventConsumer, OnEvent, OnRpc, type EventContext, type EventOf, type RpcRequest } from '@limo/messaging';

@Controller()
@EventConsumer({ durable: 'typing' })
export class Handlers {
  @OnEvent(bookingEvents.created)
  rightEvent(event: EventOf<typeof bookingEvents.created>, ctx: EventContext) {
    return event.data.booking.id + (ctx ? 0 : 1);
  }

  @OnEvent(bookingEvents.created) // WRONG-EVENT
  wrongEvent(event: EventOf<typeof fleetEvents.vehicleCreated>) {
    return event.data.name;
  }

  @OnEvent(bookingEvents.created) // NARROWER-EVENT
  narrowerEvent(event: { data: { booking: { id: number } } }) {
    return event.data.booking.id;
  }

  @OnEvent(bookingEvents.statusChanged, bookingEvents.rideSettled)
  rightEvents(event: EventOf<typeof bookingEvents.statusChanged | typeof bookingEvents.rideSettled>) {
    return event.data.booking.id;
  }

  @OnEvent(bookingEvents.statusChanged, fleetEvents.vehicleCreated) // ONE-OF-TWO-EVENTS
  oneOfTwoEvents(event: EventOf<typeof bookingEvents.statusChanged>) {
    return event.data.booking.id;
  }

  @OnRpc(fleetRpc.updateVehicle)
  rightRpc({ id, changes }: RpcRequest<typeof fleetRpc.updateVehicle>): Promise<Vehicle> {
    return Promise.reject(new Error(String(id) + JSON.stringify(changes)));
  }

  @OnRpc(fleetRpc.updateVehicle) // WRONG-REQUEST
  wrongRequest(request: { id: string }): Promise<Vehicle> {
    return Promise.reject(new Error(request.id));
  }

  @OnRpc(fleetRpc.listVehicles) // WRONG-REPLY
  wrongReply(): Promise<{ count: number }> {
    return Promise.resolve({ count: 1 });
  }
}
`;

function diagnosticsByMarker(): Map<string, string[]> {
  const options: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    strict: true,
    experimentalDecorators: true,
    emitDecoratorMetadata: true,
    skipLibCheck: true,
    noEmit: true,
    types: [],
  };
  const host = ts.createCompilerHost(options);
  const readFile = host.readFile.bind(host);
  const getSourceFile = host.getSourceFile.bind(host);
  host.fileExists = ((exists) => (name: string) => name === fixture || exists(name))(host.fileExists.bind(host));
  host.readFile = (name) => (name === fixture ? source : readFile(name));
  host.getSourceFile = (name, version, onError, create) =>
    name === fixture ? ts.createSourceFile(name, source, version) : getSourceFile(name, version, onError, create);
  const program = ts.createProgram([fixture], options, host);
  const lines = source.split('\n');
  const byMarker = new Map<string, string[]>();
  for (const diagnostic of ts.getPreEmitDiagnostics(program)) {
    if (diagnostic.file?.fileName !== fixture || diagnostic.start === undefined) {
      byMarker.set('elsewhere', [...(byMarker.get('elsewhere') ?? []), ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')]);
      continue;
    }
    const { line } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start);
    const marker = /\/\/ ([A-Z-]+)/.exec(lines[line])?.[1] ?? `line ${line + 1}`;
    byMarker.set(marker, [...(byMarker.get(marker) ?? []), ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')]);
  }
  return byMarker;
}

describe('handlers typed from their contracts', () => {
  let errors: Map<string, string[]>;
  beforeAll(() => {
    errors = diagnosticsByMarker();
  }, 60_000);

  it('compiles handlers whose types are the contract\'s', () => {
    const unexpected = [...errors.keys()].filter((k) => !['WRONG-EVENT', 'NARROWER-EVENT', 'ONE-OF-TWO-EVENTS', 'WRONG-REQUEST', 'WRONG-REPLY'].includes(k));
    expect(unexpected.map((k) => `${k}: ${errors.get(k)!.join(' | ')}`)).toEqual([]);
  });

  it('refuses an event handler typed for another event\'s payload', () => {
    expect(errors.get('WRONG-EVENT')?.join('\n')).toMatch(/not assignable/);
  });

  it('refuses an event handler that declares only part of the payload', () => {
    expect(errors.get('NARROWER-EVENT')?.join('\n')).toMatch(/not assignable/);
  });

  it('refuses a handler of several events typed for one of them only', () => {
    expect(errors.get('ONE-OF-TWO-EVENTS')?.join('\n')).toMatch(/not assignable/);
  });

  it('refuses an RPC handler whose request type is not the contract\'s', () => {
    expect(errors.get('WRONG-REQUEST')?.join('\n')).toMatch(/not assignable/);
  });

  it('refuses an RPC handler whose reply does not fit the contract\'s response', () => {
    expect(errors.get('WRONG-REPLY')?.join('\n')).toMatch(/not assignable/);
  });
});
