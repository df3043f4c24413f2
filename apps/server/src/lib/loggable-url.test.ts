import { describe, expect, it } from 'vitest';
import { loggableUrl, requestForLog } from './loggable-url.js';

describe('loggable addresses', () => {
  it('never writes the secret of the CCBill webhook address', () => {
    expect(loggableUrl('/api/payments/ccbill/webhook/s3cr3t?eventType=NewSaleSuccess')).toBe('/api/payments/ccbill/webhook/***?eventType=NewSaleSuccess');
    expect(loggableUrl('/api/payments/ccbill/webhook/s3cr3t')).toBe('/api/payments/ccbill/webhook/***');
    expect(requestForLog({ method: 'POST', url: '/api/payments/ccbill/webhook/s3cr3t', ip: '64.38.212.1' })).toMatchObject({ method: 'POST', url: '/api/payments/ccbill/webhook/***', remoteAddress: '64.38.212.1' });
  });

  it('leaves every other address as it is', () => {
    expect(loggableUrl('/api/posts/abc?x=1')).toBe('/api/posts/abc?x=1');
    expect(loggableUrl('/media/u/abc/full.webp')).toBe('/media/u/abc/full.webp');
  });
});
