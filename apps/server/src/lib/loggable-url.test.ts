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

  it('never writes the value of a query parameter that is a credential', () => {
    expect(loggableUrl('/confirm-email?token=abc123')).toBe('/confirm-email?token=***');
    expect(loggableUrl('/reset-password?lang=es&token=abc123#x')).toBe('/reset-password?lang=es&token=***#x');
    expect(loggableUrl('/x?X-Amz-Signature=f00&X-Amz-Credential=AKIA%2F1&X-Amz-Expires=60')).toBe('/x?X-Amz-Signature=***&X-Amz-Credential=***&X-Amz-Expires=60');
    expect(loggableUrl('/api/search?q=token')).toBe('/api/search?q=token');
  });
});
