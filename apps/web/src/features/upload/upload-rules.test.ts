import { describe, expect, it } from 'vitest';
import { contentTypeOf, derivePostType, filesProblem, splitTags } from './upload-rules';

const file = (type: string) => ({ type });

describe('upload rules', () => {
  it('splits tags on commas or whitespace and drops empties', () => {
    expect(splitTags(' playa, verano  viajes,,\n sol ')).toEqual(['playa', 'verano', 'viajes', 'sol']);
    expect(splitTags(' , ')).toEqual([]);
  });

  it('derives the post type as docs/product.md §4 says', () => {
    expect(derivePostType('subscribers', 'video')).toBe('vip');
    expect(derivePostType('subscribers', 'image')).toBe('vip');
    expect(derivePostType('public', 'video')).toBe('quicky');
    expect(derivePostType('followers', 'image')).toBe('grid');
  });

  it('tells images from videos by type', () => {
    expect(contentTypeOf(file('image/png'))).toBe('image');
    expect(contentTypeOf(file('video/mp4'))).toBe('video');
    expect(contentTypeOf(file('text/plain'))).toBeNull();
  });

  it('names the first problem with the picked files', () => {
    expect(filesProblem([])).toBe('required');
    expect(filesProblem([file('application/pdf')])).toBe('type');
    expect(filesProblem([file('video/mp4'), file('image/jpeg')])).toBe('oneVideo');
    expect(filesProblem(Array.from({ length: 11 }, () => file('image/jpeg')))).toBe('tooMany');
    expect(filesProblem([file('image/jpeg'), file('image/png')])).toBeNull();
  });
});
