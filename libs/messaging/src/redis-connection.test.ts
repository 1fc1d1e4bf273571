import { redisOptions } from './redis-connection.js';

describe('REDIS_URL', () => {
  it('reads one server with its user, password and database', () => {
    expect(redisOptions('redis://app:s%40cret@redis.internal:6380/2')).toEqual({ host: 'redis.internal', port: 6380, username: 'app', password: 's@cret', db: 2 });
    expect(redisOptions('redis://127.0.0.1')).toEqual({ host: '127.0.0.1', port: 6379, username: undefined, password: undefined, db: undefined });
    expect(redisOptions('rediss://cache.example:6380')).toMatchObject({ host: 'cache.example', port: 6380, tls: {} });
  });

  it('reads the Sentinels, the master name, the database and both passwords', () => {
    const options = redisOptions('redis-sentinel://:p%3Ass@10.0.0.1:26379,10.0.0.2:26380,10.0.0.3/limo/3?sentinelPassword=sp');
    expect(options).toMatchObject({
      sentinels: [
        { host: '10.0.0.1', port: 26379 },
        { host: '10.0.0.2', port: 26380 },
        { host: '10.0.0.3', port: 26379 },
      ],
      name: 'limo',
      password: 'p:ss',
      db: 3,
      sentinelPassword: 'sp',
    });
    expect(options.host).toBeUndefined();
    expect(options.username).toBeUndefined();
  });

  it('reconnects on a demoted master\'s READONLY answer and nothing else', () => {
    const { reconnectOnError } = redisOptions('redis-sentinel://a:26379,b:26379/limo');
    expect(reconnectOnError?.(new Error("READONLY You can't write against a read only replica."))).toBe(2);
    expect(reconnectOnError?.(new Error('ERR wrong number of arguments'))).toBe(false);
  });

  it('refuses a Sentinel URL without its master name or with a bad port', () => {
    expect(() => redisOptions('redis-sentinel://a:26379,b:26379')).toThrow(/master name/);
    expect(() => redisOptions('redis-sentinel://a:99999/limo')).toThrow(/not host:port/);
  });
});
