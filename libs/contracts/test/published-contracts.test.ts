import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { ALL_EVENTS, ALL_RPC, defineEvent, defineRpc } from '@limo/contracts';
import { describe as describeReview, publish, review } from '../../../tools/contracts/published.mjs';

/**
 * Every RPC and event contract as published in libs/contracts/published/, and the rule that a
 * published version never changes in a way that breaks the previous release during a rollout.
 */
describe('published contracts', () => {
  it('every contract in the registry is published exactly as it is (npm run contracts:publish)', () => {
    const result = review([...ALL_RPC, ...ALL_EVENTS]);
    expect(describeReview(result)).toBe('');
    expect(result.unpublished).toEqual([]);
  });

  describe('a change to a published version', () => {
    const Status = z.enum(['pending', 'confirmed']);
    const Data = z.object({ id: z.number().int().positive(), status: Status, name: z.string().max(60), note: z.string().nullable() });
    let dir: string;
    beforeEach(() => {
      dir = mkdtempSync(join(tmpdir(), 'published-'));
      expect(publish([defineEvent('test.thing.changed.v1', Data), defineRpc('test.thing.get.v1', z.object({ id: z.number() }), Data)], dir).breaking).toEqual([]);
    });
    afterEach(() => rmSync(dir, { recursive: true, force: true }));

    const eventAs = (data: z.ZodType) => [defineEvent('test.thing.changed.v1', data)];
    const breaks = (data: z.ZodType) => review(eventAs(data), dir).breaking.map((b) => b.problems.join('; '));

    it('accepts a new optional field, and records it', () => {
      const wider = Data.extend({ seats: z.number().int().optional() });
      expect(breaks(wider)).toEqual([]);
      expect(publish(eventAs(wider), dir).unpublished).toEqual(['test.thing.changed.v1']);
      expect(JSON.parse(readFileSync(join(dir, 'test.thing.changed.v1.json'), 'utf8')).parts.data.input.properties.seats).toBeDefined();
    });

    it('refuses a new required field: events already stored lack it', () => {
      expect(breaks(Data.extend({ seats: z.number().int() }))).toEqual([expect.stringContaining('the new release refuses what the previous one sent')]);
    });

    it('refuses a removed field, a narrowed or widened value set, a changed type, a lost null', () => {
      expect(breaks(Data.omit({ name: true }))).toEqual([expect.stringContaining('the previous release refuses what the new one sends')]);
      expect(breaks(Data.extend({ status: z.enum(['pending']) }))).toHaveLength(1);
      expect(breaks(Data.extend({ status: z.enum(['pending', 'confirmed', 'completed']) }))).toHaveLength(1);
      expect(breaks(Data.extend({ id: z.string() }))).toHaveLength(1);
      expect(breaks(Data.extend({ note: z.string() }))).toHaveLength(1);
      expect(breaks(Data.extend({ name: z.string().max(20) }))).toHaveLength(1);
    });

    it('checks an RPC reply as well as its request', () => {
      const result = review([defineRpc('test.thing.get.v1', z.object({ id: z.number() }), Data.omit({ note: true }))], dir);
      expect(result.breaking).toEqual([{ name: 'test.thing.get.v1', problems: [expect.stringMatching(/^response: /)] }]);
    });

    it('does not record anything while a change breaks, and names the way out', () => {
      const before = readFileSync(join(dir, 'test.thing.changed.v1.json'), 'utf8');
      const result = publish(eventAs(Data.extend({ seats: z.number() })), dir);
      expect(readFileSync(join(dir, 'test.thing.changed.v1.json'), 'utf8')).toBe(before);
      expect(describeReview(result)).toMatch(/publish the change as a new version beside it \(e\.g\. \.v2\)/);
    });

    it('keeps a version that left the registry until it is retired', () => {
      const result = review([defineEvent('test.thing.changed.v2', Data)], dir);
      expect(result.retired).toEqual(['test.thing.changed.v1', 'test.thing.get.v1']);
      expect(result.unpublished).toEqual(['test.thing.changed.v2']);
    });
  });
});
