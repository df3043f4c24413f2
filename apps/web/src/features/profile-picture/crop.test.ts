import { describe, expect, it } from 'vitest';
import { clampOffset, displayScale, drawCrop, normalizeRotation, type DrawingContext } from './crop';

describe('displayScale', () => {
  it('makes the short side fill the viewport at zoom 1 and scales with zoom, kept within 1–3', () => {
    expect(displayScale({ width: 2000, height: 1000 }, 300, 1)).toBeCloseTo(0.3);
    expect(displayScale({ width: 2000, height: 1000 }, 300, 2)).toBeCloseTo(0.6);
    expect(displayScale({ width: 2000, height: 1000 }, 300, 9)).toBeCloseTo(0.9);
    expect(displayScale({ width: 2000, height: 1000 }, 300, 0.2)).toBeCloseTo(0.3);
  });
});

describe('normalizeRotation', () => {
  it('keeps angles in (-180, 180]', () => {
    expect(normalizeRotation(270)).toBe(-90);
    expect(normalizeRotation(-270)).toBe(90);
    expect(normalizeRotation(180)).toBe(180);
    expect(normalizeRotation(-180)).toBe(180);
    expect(normalizeRotation(450)).toBe(90);
  });
});

describe('clampOffset', () => {
  const wide = { width: 2000, height: 1000 };

  it('lets a wide image move sideways only as far as its edge, and not up or down at zoom 1', () => {
    // Displayed 600 x 300 in a 300 viewport: 150 px of slack each side horizontally, none vertically.
    expect(clampOffset({ x: 500, y: 40 }, wide, 300, 1, 0)).toEqual({ x: 150, y: 0 });
    expect(clampOffset({ x: -80, y: -40 }, wide, 300, 1, 0)).toEqual({ x: -80, y: 0 });
  });

  it('gives more room when zoomed in', () => {
    // Zoom 2: 1200 x 600 displayed, slack 450 and 150.
    expect(clampOffset({ x: 999, y: -999 }, wide, 300, 2, 0)).toEqual({ x: 450, y: -150 });
  });

  it('follows the rotation: turned 90°, the long side runs vertically', () => {
    const turned = clampOffset({ x: 500, y: 500 }, wide, 300, 1, 90);
    expect(turned.x).toBeCloseTo(0);
    expect(turned.y).toBeCloseTo(150);
  });
});

describe('drawCrop', () => {
  it('draws the centred, scaled and rotated image into the output square', () => {
    const calls: string[] = [];
    const context: DrawingContext = {
      fillStyle: '',
      fillRect: (...args) => calls.push(`fillRect ${args.join(',')}`),
      translate: (...args) => calls.push(`translate ${args.join(',')}`),
      rotate: (angle) => calls.push(`rotate ${angle.toFixed(4)}`),
      scale: (...args) => calls.push(`scale ${args.map((n) => n.toFixed(4)).join(',')}`),
      drawImage: (_image, x, y) => calls.push(`drawImage ${x},${y}`),
    };
    drawCrop(context, {} as CanvasImageSource, { width: 2000, height: 1000 }, 256, { zoom: 2, rotation: 90, offset: { x: 10, y: -5 } }, 1024);
    expect(calls).toEqual([
      'fillRect 0,0,1024,1024',
      // The viewport is 256 px, the output 1024: offsets grow four times.
      'translate 552,492',
      `rotate ${(Math.PI / 2).toFixed(4)}`,
      // 256 / 1000 * 2 * 4
      'scale 2.0480,2.0480',
      'drawImage -1000,-500',
    ]);
  });
});
