import { describe, expect, it } from 'vitest';
import { attachedKind, canSend, mediaBoxSize } from './composer-media';

describe('attachedKind', () => {
  it('takes photos and videos by their type and nothing else', () => {
    expect(attachedKind({ type: 'image/jpeg' })).toBe('image');
    expect(attachedKind({ type: 'image/heic' })).toBe('image');
    expect(attachedKind({ type: 'video/quicktime' })).toBe('video');
    expect(attachedKind({ type: 'application/pdf' })).toBeNull();
    expect(attachedKind({ type: '' })).toBeNull();
  });
});

describe('mediaBoxSize', () => {
  it('keeps the ratio within the box and never enlarges', () => {
    expect(mediaBoxSize(1080, 1350)).toEqual({ width: 256, height: 320 });
    expect(mediaBoxSize(1920, 1080)).toEqual({ width: 260, height: 146 });
    expect(mediaBoxSize(120, 80)).toEqual({ width: 120, height: 80 });
  });

  it('gives a square of the box width when the size is unknown', () => {
    expect(mediaBoxSize(null, null)).toEqual({ width: 260, height: 260 });
    expect(mediaBoxSize(0, 100)).toEqual({ width: 260, height: 260 });
  });
});

describe('canSend', () => {
  const photo = new File(['x'], 'a.jpg', { type: 'image/jpeg' });
  it('sends text, a file, or both, never while an upload runs', () => {
    expect(canSend('hola', null, false)).toBe(true);
    expect(canSend('   ', null, false)).toBe(false);
    expect(canSend('', photo, false)).toBe(true);
    expect(canSend('hola', photo, true)).toBe(false);
  });
});
