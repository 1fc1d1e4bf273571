import { relayBegin, relayClaimSql, relayMarkAndCommit } from '../src/outbox.js';

// The relay writes its batch size and the claimed ids into its statements' text (several
// statements in one message take no parameters): only a whole number and UUIDs may get there.
describe("the relay's statements", () => {
  it('writes a whole-number batch size into the claim, and refuses anything else', () => {
    expect(relayClaimSql(100)).toMatch(/LIMIT 100 FOR UPDATE SKIP LOCKED$/);
    expect(relayBegin(7)).toMatch(/^BEGIN; .*SET LOCAL synchronous_commit = off; SELECT .* LIMIT 7 FOR UPDATE SKIP LOCKED$/s);
    for (const bad of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) expect(() => relayClaimSql(bad)).toThrow('positive whole number');
  });

  it('marks the claimed ids and commits, and refuses an id that is not a UUID', () => {
    const ids = ['7d0f6a3e-52c1-4e51-9a5b-0d8b6f1c2e3a', '00000000-0000-4000-8000-000000000001'];
    expect(relayMarkAndCommit(ids)).toBe(`UPDATE outbox_events SET published_at = now() WHERE event_id = ANY('{${ids.join(',')}}'::uuid[]); COMMIT`);
    expect(() => relayMarkAndCommit([ids[0], "x'); DROP TABLE outbox_events; --"])).toThrow('Not an event id');
    expect(() => relayMarkAndCommit([ids[0].toUpperCase()])).toThrow('Not an event id');
  });
});
