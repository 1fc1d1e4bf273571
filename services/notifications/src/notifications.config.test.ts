import { NotificationsConfig } from './notifications.config.js';

describe('the notifications configuration', () => {
  it('refuses to start without the link-signing secret in any environment: no value from the source signs customer links', () => {
    for (const NODE_ENV of ['development', 'test', 'production']) {
      expect(() => NotificationsConfig.parse({ NODE_ENV })).toThrow(/LINK_SIGNING_SECRET must be set/);
      expect(() => NotificationsConfig.parse({ NODE_ENV, LINK_SIGNING_SECRET: '' })).toThrow(/LINK_SIGNING_SECRET must be set/);
    }
    expect(() => NotificationsConfig.parse({ LINK_SIGNING_SECRET: 'short' })).toThrow(/at least 32 characters/);
    expect(NotificationsConfig.parse({ LINK_SIGNING_SECRET: 'y'.repeat(32) }).LINK_SIGNING_SECRET).toBe('y'.repeat(32));
  });
});
