import { describe, expect, it } from 'vitest';
import { createEventStreamParser } from './event-stream.js';

describe('createEventStreamParser', () => {
  it('gives each event data once complete, across chunk boundaries, skipping comments and retry lines', () => {
    const seen: string[] = [];
    const feed = createEventStreamParser((data) => seen.push(data));
    feed('retry: 3000\n\nevent: counts\ndata: {"a"');
    expect(seen).toEqual([]);
    feed(':1}\n\n: keep-alive\n\nevent: message\r\ndata: {"b":2}\r\n\r\n');
    expect(seen).toEqual(['{"a":1}', '{"b":2}']);
  });

  it('joins multi-line data', () => {
    const seen: string[] = [];
    createEventStreamParser((data) => seen.push(data))('data: uno\ndata: dos\n\n');
    expect(seen).toEqual(['uno\ndos']);
  });
});
