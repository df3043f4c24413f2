import { describe, expect, it } from 'vitest';
import { contentTypeOf, defaultCoverMs, derivePostType, filesProblem, formatCoverTime, lastCoverMs, presetProblem, splitTags, uploadPresetOf } from './upload-rules';

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

describe('create presets and the cover moment', () => {
  it('reads the kind the chooser asked for', () => {
    expect(uploadPresetOf('quicky')).toBe('quicky');
    expect(uploadPresetOf('post')).toBe('post');
    expect(uploadPresetOf('vip')).toBeNull();
    expect(uploadPresetOf(null)).toBeNull();
  });

  it('wants a video for a quicky and photos for a post', () => {
    expect(presetProblem('quicky', 'image')).toBe('needsVideo');
    expect(presetProblem('quicky', 'video')).toBeNull();
    expect(presetProblem('post', 'video')).toBe('needsPhotos');
    expect(presetProblem('post', 'image')).toBeNull();
    expect(presetProblem(null, 'video')).toBeNull();
  });

  it('keeps the cover inside the video, a second in by default', () => {
    expect(lastCoverMs(3)).toBe(2900);
    expect(lastCoverMs(0.05)).toBe(0);
    expect(lastCoverMs(Number.NaN)).toBe(0);
    expect(lastCoverMs(Number.POSITIVE_INFINITY)).toBe(0);
    expect(defaultCoverMs(2900)).toBe(1000);
    expect(defaultCoverMs(1500)).toBe(0);
  });

  it('writes a moment as m:ss.d', () => {
    expect(formatCoverTime(0)).toBe('0:00.0');
    expect(formatCoverTime(1550)).toBe('0:01.5');
    expect(formatCoverTime(75_320)).toBe('1:15.3');
  });
});
