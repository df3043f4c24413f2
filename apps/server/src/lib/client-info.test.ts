import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { fastifyTrustProxy, parseTrustProxy } from './client-info.js';

describe('TRUST_PROXY', () => {
  it('is no proxy when unset or 0, a hop count for a whole number', () => {
    expect(loadConfig({}).trustProxy).toBe(0);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(0);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(parseTrustProxy(' 2 ')).toBe(2);
  });

  it('is a list of proxy addresses or CIDR ranges otherwise', () => {
    expect(parseTrustProxy('10.0.0.1, 192.168.0.0/16,fd00::/8 , loopback')).toEqual(['10.0.0.1', '192.168.0.0/16', 'fd00::/8', 'loopback']);
  });

  it('refuses anything that would trust every hop or is not an address', () => {
    for (const value of ['true', '*', '10.0.0.0/33', 'proxy.example.com', '1.2.3.4/8/2', ',']) {
      expect(() => parseTrustProxy(value), value).toThrow(/TRUST_PROXY/);
    }
  });

  it('gives Fastify no trust for 0, a trust of the first hops for a count, the list as it is', () => {
    expect(fastifyTrustProxy(0)).toBe(false);
    const oneHop = fastifyTrustProxy(1) as (address: string, hop: number) => boolean;
    expect([oneHop('127.0.0.1', 0), oneHop('5.6.7.8', 1)]).toEqual([true, false]);
    expect(fastifyTrustProxy(['10.0.0.1'])).toEqual(['10.0.0.1']);
  });
});
