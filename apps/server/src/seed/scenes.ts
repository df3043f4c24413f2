import type { Random } from './random.js';

/**
 * Generated pictures for the demo world: simple vector scenes (sunsets, mountains, city lights, dunes,
 * palms, arches, bokeh, waves) drawn as SVG and rasterised by sharp. Every call varies colours and
 * shapes through the seeded random source, so no two pictures are the same.
 */
export type SceneTheme =
  | 'sunset'
  | 'mountains'
  | 'city'
  | 'dunes'
  | 'tropical'
  | 'arches'
  | 'bokeh'
  | 'waves';

export const SCENE_THEMES: readonly SceneTheme[] = [
  'sunset', 'mountains', 'city', 'dunes', 'tropical', 'arches', 'bokeh', 'waves',
];

export function hsl(h: number, s: number, l: number): string {
  const hue = ((h % 360) + 360) % 360;
  const sat = Math.max(0, Math.min(100, s)) / 100;
  const light = Math.max(0, Math.min(100, l)) / 100;
  const k = (n: number) => (n + hue / 30) % 12;
  const a = sat * Math.min(light, 1 - light);
  const f = (n: number) => light - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  const hex = (x: number) => Math.round(x * 255).toString(16).padStart(2, '0');
  return `#${hex(f(0))}${hex(f(8))}${hex(f(4))}`;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function linear(id: string, stops: Array<[number, string, number?]>, vertical = true): string {
  const dir = vertical ? 'x1="0" y1="0" x2="0" y2="1"' : 'x1="0" y1="0" x2="1" y2="1"';
  const s = stops
    .map(([offset, color, opacity]) => `<stop offset="${offset}" stop-color="${color}" stop-opacity="${opacity ?? 1}"/>`)
    .join('');
  return `<linearGradient id="${id}" ${dir}>${s}</linearGradient>`;
}

function radial(id: string, color: string, inner = 1, outer = 0): string {
  return `<radialGradient id="${id}"><stop offset="0" stop-color="${color}" stop-opacity="${inner}"/><stop offset="1" stop-color="${color}" stop-opacity="${outer}"/></radialGradient>`;
}

/** A jagged ridge line across the width, closed down to the bottom edge. */
function ridge(r: Random, w: number, h: number, baseY: number, amplitude: number, steps: number): string {
  let d = `M0 ${h} L0 ${baseY.toFixed(0)}`;
  for (let i = 1; i <= steps; i += 1) {
    const x = (w * i) / steps;
    const y = baseY - r.float(0, amplitude) + amplitude / 2;
    d += ` L${x.toFixed(0)} ${y.toFixed(0)}`;
  }
  return `${d} L${w} ${h} Z`;
}

/** A smooth rolling line across the width, closed down to the bottom edge. */
function rolling(r: Random, w: number, h: number, baseY: number, amplitude: number, humps: number): string {
  const step = w / humps;
  let d = `M0 ${h} L0 ${baseY.toFixed(0)}`;
  for (let i = 0; i < humps; i += 1) {
    const cx = step * i + step / 2;
    const cy = baseY + r.float(-amplitude, amplitude);
    d += ` Q${cx.toFixed(0)} ${cy.toFixed(0)} ${(step * (i + 1)).toFixed(0)} ${(baseY + r.float(-amplitude, amplitude) / 3).toFixed(0)}`;
  }
  return `${d} L${w} ${h} Z`;
}

function palm(r: Random, x: number, groundY: number, height: number, color: string): string {
  const lean = r.float(-0.25, 0.25) * height;
  const topX = x + lean;
  const topY = groundY - height;
  const trunkW = height * 0.035;
  let out = `<path d="M${x - trunkW} ${groundY} Q${x + lean * 0.2} ${groundY - height / 2} ${topX} ${topY} L${topX + trunkW * 0.6} ${topY} Q${x + lean * 0.2 + trunkW * 2} ${groundY - height / 2} ${x + trunkW} ${groundY} Z" fill="${color}"/>`;
  const fronds = 7;
  for (let i = 0; i < fronds; i += 1) {
    const angle = Math.PI + (Math.PI * i) / (fronds - 1) + r.float(-0.15, 0.15);
    const len = height * r.float(0.3, 0.42);
    const ex = topX + Math.cos(angle) * len;
    const ey = topY + Math.sin(angle) * len * 0.55 + len * 0.35;
    const mx = topX + Math.cos(angle) * len * 0.5;
    const my = topY + Math.sin(angle) * len * 0.5 - len * 0.12;
    out += `<path d="M${topX} ${topY} Q${mx} ${my} ${ex} ${ey} Q${mx} ${my + len * 0.12} ${topX} ${topY + 4} Z" fill="${color}"/>`;
  }
  return out;
}

export interface SceneOptions {
  /** Hue shift in degrees from the theme's natural colours; a small random one when absent. */
  hue?: number;
  /** A short caption drawn as a rounded label (stories). */
  caption?: string;
}

/** The SVG of one scene, `width` × `height` pixels. */
export function sceneSvg(theme: SceneTheme, width: number, height: number, r: Random, options: SceneOptions = {}): string {
  const w = width;
  const h = height;
  const hue = options.hue ?? r.int(-18, 18);
  const defs: string[] = [];
  const body: string[] = [];

  switch (theme) {
    case 'sunset': {
      const horizon = h * r.float(0.55, 0.68);
      defs.push(
        linear('sky', [[0, hsl(hue + 245, 55, 20)], [0.45, hsl(hue + 325, 62, 46)], [0.85, hsl(hue + 22, 90, 62)], [1, hsl(hue + 38, 95, 72)]]),
        linear('sea', [[0, hsl(hue + 12, 55, 42)], [1, hsl(hue + 240, 50, 14)]]),
        radial('glow', hsl(hue + 38, 100, 75), 0.85, 0),
      );
      const sunX = w * r.float(0.3, 0.7);
      const sunR = w * r.float(0.08, 0.14);
      body.push(
        `<rect width="${w}" height="${h}" fill="url(#sky)"/>`,
        `<circle cx="${sunX}" cy="${horizon}" r="${sunR * 3.2}" fill="url(#glow)"/>`,
        `<circle cx="${sunX}" cy="${horizon - sunR * 0.35}" r="${sunR}" fill="${hsl(hue + 45, 100, 82)}"/>`,
        `<rect y="${horizon}" width="${w}" height="${h - horizon}" fill="url(#sea)"/>`,
      );
      for (let i = 0; i < 14; i += 1) {
        const y = horizon + (h - horizon) * (i / 14) + r.float(2, 10);
        const half = sunR * (1.4 - i * 0.06) * r.float(0.6, 1.2);
        body.push(`<rect x="${sunX - half}" y="${y}" width="${half * 2}" height="${Math.max(2, h * 0.004)}" rx="2" fill="${hsl(hue + 40, 100, 80)}" opacity="${(0.75 - i * 0.045).toFixed(2)}"/>`);
      }
      if (r.chance(0.6)) body.push(`<path d="${ridge(r, w, horizon + 1, horizon - h * 0.03, h * 0.04, 9)}" fill="${hsl(hue + 260, 40, 16)}" opacity="0.85"/>`);
      break;
    }
    case 'mountains': {
      defs.push(
        linear('sky', [[0, hsl(hue + 200, 45, 78)], [0.7, hsl(hue + 20, 70, 86)], [1, hsl(hue + 30, 75, 90)]]),
        radial('glow', hsl(hue + 40, 100, 96), 0.9, 0),
      );
      body.push(`<rect width="${w}" height="${h}" fill="url(#sky)"/>`);
      body.push(`<circle cx="${w * r.float(0.2, 0.8)}" cy="${h * r.float(0.18, 0.32)}" r="${w * 0.2}" fill="url(#glow)"/>`);
      const layers = 5;
      for (let i = 0; i < layers; i += 1) {
        const base = h * (0.42 + i * 0.11);
        const light = 70 - i * 13;
        body.push(`<path d="${ridge(r, w, h, base, h * (0.16 - i * 0.02), 10 + i * 3)}" fill="${hsl(hue + 210, 30 + i * 5, light)}"/>`);
      }
      break;
    }
    case 'city': {
      defs.push(
        linear('sky', [[0, hsl(hue + 240, 60, 8)], [0.6, hsl(hue + 270, 55, 22)], [1, hsl(hue + 320, 70, 40)]]),
        radial('moon', hsl(hue + 50, 40, 92), 0.5, 0),
      );
      body.push(`<rect width="${w}" height="${h}" fill="url(#sky)"/>`);
      const moonX = w * r.float(0.15, 0.85);
      const moonY = h * r.float(0.1, 0.25);
      body.push(`<circle cx="${moonX}" cy="${moonY}" r="${w * 0.14}" fill="url(#moon)"/>`, `<circle cx="${moonX}" cy="${moonY}" r="${w * 0.045}" fill="${hsl(hue + 50, 40, 92)}"/>`);
      for (let i = 0; i < 60; i += 1) {
        body.push(`<circle cx="${r.float(0, w)}" cy="${r.float(0, h * 0.45)}" r="${r.float(0.8, 2.2)}" fill="#fff" opacity="${r.float(0.3, 0.9).toFixed(2)}"/>`);
      }
      for (const [layer, light] of [[0, 14], [1, 9]] as const) {
        let x = -r.float(0, 40);
        while (x < w) {
          const bw = w * r.float(0.07, 0.15);
          const bh = h * r.float(0.18, 0.5) * (layer === 0 ? 1.1 : 0.8);
          const top = h - bh;
          body.push(`<rect x="${x.toFixed(0)}" y="${top.toFixed(0)}" width="${bw.toFixed(0)}" height="${bh.toFixed(0)}" fill="${hsl(hue + 250, 35, light)}"/>`);
          if (layer === 1) {
            const cols = Math.max(2, Math.floor(bw / 22));
            const rows = Math.floor(bh / 30);
            for (let cx = 0; cx < cols; cx += 1) {
              for (let cy = 0; cy < rows; cy += 1) {
                if (!r.chance(0.35)) continue;
                const wx = x + 8 + cx * ((bw - 16) / cols);
                const wy = top + 12 + cy * 30;
                body.push(`<rect x="${wx.toFixed(0)}" y="${wy.toFixed(0)}" width="9" height="13" fill="${hsl(r.pick([42, 48, 190, 320]), 90, 70)}" opacity="${r.float(0.5, 1).toFixed(2)}"/>`);
              }
            }
          }
          x += bw + r.float(2, 10);
        }
      }
      break;
    }
    case 'dunes': {
      defs.push(linear('sky', [[0, hsl(hue + 200, 55, 62)], [1, hsl(hue + 30, 70, 85)]]));
      body.push(`<rect width="${w}" height="${h}" fill="url(#sky)"/>`);
      body.push(`<circle cx="${w * r.float(0.2, 0.8)}" cy="${h * r.float(0.15, 0.3)}" r="${w * 0.06}" fill="${hsl(hue + 45, 100, 94)}"/>`);
      for (let i = 0; i < 4; i += 1) {
        const base = h * (0.5 + i * 0.13);
        body.push(`<path d="${rolling(r, w, h, base, h * 0.06, 2 + (i % 2))}" fill="${hsl(hue + 25, 60 - i * 4, 62 - i * 9)}"/>`);
      }
      break;
    }
    case 'tropical': {
      const horizon = h * r.float(0.55, 0.65);
      defs.push(
        linear('sky', [[0, hsl(hue + 190, 70, 55)], [1, hsl(hue + 180, 60, 85)]]),
        linear('sea', [[0, hsl(hue + 175, 75, 50)], [1, hsl(hue + 165, 70, 70)]]),
      );
      body.push(
        `<rect width="${w}" height="${h}" fill="url(#sky)"/>`,
        `<rect y="${horizon}" width="${w}" height="${h - horizon}" fill="url(#sea)"/>`,
        `<path d="${rolling(r, w, h, h * 0.84, h * 0.03, 3)}" fill="${hsl(hue + 40, 55, 82)}"/>`,
      );
      for (let i = 0; i < 5; i += 1) {
        body.push(`<ellipse cx="${r.float(0, w)}" cy="${r.float(h * 0.08, horizon * 0.6)}" rx="${w * r.float(0.08, 0.18)}" ry="${h * 0.02}" fill="#fff" opacity="${r.float(0.4, 0.8).toFixed(2)}"/>`);
      }
      const palms = r.int(1, 3);
      for (let i = 0; i < palms; i += 1) {
        body.push(palm(r, w * r.float(0.1, 0.9), h * r.float(0.9, 1.02), h * r.float(0.45, 0.7), hsl(hue + 150, 35, 12)));
      }
      break;
    }
    case 'arches': {
      const wallHue = r.pick([14, 28, 40, 345, 205]) + hue;
      const wall = hsl(wallHue, r.int(35, 60), r.int(74, 86));
      const shade = hsl(wallHue, 35, 50);
      body.push(`<rect width="${w}" height="${h}" fill="${wall}"/>`);
      const count = r.int(2, 3);
      const gap = w / (count * 2 + 1);
      for (let i = 0; i < count; i += 1) {
        const x = gap + i * gap * 2;
        const top = h * r.float(0.22, 0.32);
        const aw = gap;
        body.push(`<path d="M${x} ${h} L${x} ${top + aw / 2} A${aw / 2} ${aw / 2} 0 0 1 ${x + aw} ${top + aw / 2} L${x + aw} ${h} Z" fill="${hsl(hue + 205, 60, r.int(62, 74))}"/>`);
        body.push(`<path d="M${x + aw * 0.65} ${h} L${x + aw} ${h * 0.55} L${x + aw} ${h} Z" fill="${shade}" opacity="0.35"/>`);
      }
      body.push(`<rect y="${h * 0.9}" width="${w}" height="${h * 0.1}" fill="${hsl(wallHue + 5, 40, 62)}"/>`);
      if (r.chance(0.7)) body.push(palm(r, w * r.float(0.7, 0.95), h * 0.93, h * 0.35, hsl(hue + 120, 30, 28)));
      break;
    }
    case 'bokeh': {
      const base = r.int(0, 359);
      defs.push(linear('bg', [[0, hsl(base + 220, 50, 9)], [1, hsl(base + 260, 45, 17)]], false));
      body.push(`<rect width="${w}" height="${h}" fill="url(#bg)"/>`);
      for (let i = 0; i < 5; i += 1) defs.push(radial(`b${i}`, hsl(base + i * 28, 90, 66), 0.8, 0.05));
      for (let i = 0; i < 42; i += 1) {
        body.push(`<circle cx="${r.float(0, w).toFixed(0)}" cy="${r.float(0, h).toFixed(0)}" r="${(w * r.float(0.02, 0.11)).toFixed(0)}" fill="url(#b${r.int(0, 4)})" opacity="${r.float(0.35, 0.9).toFixed(2)}"/>`);
      }
      break;
    }
    case 'waves': {
      defs.push(linear('bg', [[0, hsl(hue + 190, 65, 28)], [1, hsl(hue + 175, 70, 12)]]));
      body.push(`<rect width="${w}" height="${h}" fill="url(#bg)"/>`);
      const bands = 9;
      for (let i = 0; i < bands; i += 1) {
        const base = h * (0.12 + i * 0.1);
        body.push(`<path d="${rolling(r, w, h, base, h * 0.035, 4)}" fill="${hsl(hue + 180 + i * 4, 70, 30 + i * 5)}" opacity="0.55"/>`);
      }
      break;
    }
  }

  if (options.caption) {
    const size = Math.round(w * 0.065);
    const text = escapeXml(options.caption);
    const boxW = Math.min(w * 0.9, size * 0.62 * options.caption.length + size * 1.6);
    const y = h * 0.7;
    body.push(
      `<rect x="${(w - boxW) / 2}" y="${y - size * 1.15}" width="${boxW}" height="${size * 1.7}" rx="${size * 0.5}" fill="#ffffff" opacity="0.92"/>`,
      `<text x="${w / 2}" y="${y}" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-weight="700" font-size="${size}" text-anchor="middle" fill="#1b1b24">${text}</text>`,
    );
  }

  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"><defs>${defs.join('')}</defs>${body.join('')}</svg>`;
}

/** A round-friendly avatar: a two-colour gradient, a soft shape and the person's initials. */
export function avatarSvg(initials: string, hue: number, r: Random): string {
  const size = 512;
  const a = hsl(hue, 70, 55);
  const b = hsl(hue + r.int(30, 70), 75, 40);
  const shapeHue = hsl(hue + 180, 80, 75);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">`
    + `<defs>${linear('g', [[0, a], [1, b]], false)}${radial('s', shapeHue, 0.55, 0)}</defs>`
    + `<rect width="${size}" height="${size}" fill="url(#g)"/>`
    + `<circle cx="${r.int(80, 430)}" cy="${r.int(60, 200)}" r="${r.int(150, 240)}" fill="url(#s)"/>`
    + `<circle cx="${r.int(80, 430)}" cy="${r.int(330, 460)}" r="${r.int(90, 160)}" fill="#ffffff" opacity="0.12"/>`
    + `<text x="256" y="256" dy="0.35em" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-weight="700" font-size="190" text-anchor="middle" fill="#ffffff" opacity="0.95">${escapeXml(initials)}</text>`
    + `</svg>`;
}
