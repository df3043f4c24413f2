/**
 * Measures the perceptual hash: how far the same picture lands after the changes a re-upload brings
 * (resizing, re-encoding, slight crops, brightness), how close different pictures come (the demo world's
 * generated scenes and avatars, gradients, shapes, noise, text), and what hashing costs. The threshold
 * of media/perceptual-hash.ts (MATCH_DISTANCE) is chosen from its output.
 *
 *   npx tsx apps/server/scripts/measure-perceptual-hash.ts
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp, { type SharpOptions } from 'sharp';
import { createRequire } from 'node:module';
import { POST_IMAGE_RENDITIONS, writeImageRenditions } from '../src/media/image-renditions.js';
import {
  analyseGreyPixels,
  blockedPictureHashes,
  greyPixelsOf,
  hammingDistance,
  MATCH_DISTANCE,
  uploadedPictureHashes,
} from '../src/media/perceptual-hash.js';
import { createRandom, type Random } from '../src/seed/random.js';
import { avatarSvg, hsl, SCENE_THEMES, sceneSvg } from '../src/seed/scenes.js';

/** The library whose algorithm media/perceptual-hash.ts implements, to compare bits and cost. */
const sharpPhash = createRequire(import.meta.url)('sharp-phash') as (input: Buffer, options?: SharpOptions) => Promise<string>;

const W = 1080;
const H = 1350;

interface Base {
  name: string;
  family: string;
  image: Buffer;
}

const png = (svg: string) => sharp(Buffer.from(svg)).png().toBuffer();
const svgOf = (body: string, w = W, h = H) => `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${body}</svg>`;

function gradient(r: Random, kind: 'linear' | 'radial', index: number): string {
  const a = hsl(r.int(0, 359), r.int(40, 90), r.int(20, 45));
  const b = hsl(r.int(0, 359), r.int(40, 90), r.int(55, 85));
  if (kind === 'radial') {
    return svgOf(`<defs><radialGradient id="g" cx="${r.float(0.2, 0.8)}" cy="${r.float(0.2, 0.8)}" r="${r.float(0.4, 0.9)}"><stop offset="0" stop-color="${b}"/><stop offset="1" stop-color="${a}"/></radialGradient></defs><rect width="${W}" height="${H}" fill="url(#g)"/>`);
  }
  const directions = ['x1="0" y1="0" x2="1" y2="0"', 'x1="0" y1="0" x2="0" y2="1"', 'x1="0" y1="0" x2="1" y2="1"', 'x1="1" y1="0" x2="0" y2="1"'];
  return svgOf(`<defs><linearGradient id="g" ${directions[index % directions.length]}><stop offset="0" stop-color="${a}"/><stop offset="${r.float(0.3, 0.7)}" stop-color="${hsl(r.int(0, 359), 60, 50)}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs><rect width="${W}" height="${H}" fill="url(#g)"/>`);
}

function shapes(r: Random): string {
  let body = `<rect width="${W}" height="${H}" fill="${hsl(r.int(0, 359), r.int(10, 60), r.int(10, 90))}"/>`;
  for (let i = 0, n = r.int(3, 9); i < n; i += 1) {
    const fill = hsl(r.int(0, 359), r.int(30, 90), r.int(15, 85));
    if (r.chance(0.5)) body += `<circle cx="${r.int(0, W)}" cy="${r.int(0, H)}" r="${r.int(60, 400)}" fill="${fill}" opacity="${r.float(0.5, 1).toFixed(2)}"/>`;
    else body += `<rect x="${r.int(-100, W)}" y="${r.int(-100, H)}" width="${r.int(80, 700)}" height="${r.int(80, 700)}" fill="${fill}" transform="rotate(${r.int(-40, 40)} ${W / 2} ${H / 2})"/>`;
  }
  return svgOf(body);
}

const WORDS = ['Hola', 'WAG', 'Verano 2026', 'Buenos días', 'Oferta', 'Playa', 'Te quiero', 'Nuevo', 'Madrid', 'Fiesta', 'Gracias', 'Hoy'];

function text(r: Random, index: number): string {
  const background = hsl(r.int(0, 359), r.int(20, 70), r.int(10, 90));
  const ink = hsl(r.int(0, 359), r.int(20, 90), r.int(0, 100));
  let body = `<rect width="${W}" height="${H}" fill="${background}"/>`;
  for (let line = 0, lines = r.int(1, 4); line < lines; line += 1) {
    body += `<text x="${r.int(40, 300)}" y="${r.int(150, H - 100)}" font-family="DejaVu Sans, sans-serif" font-weight="700" font-size="${r.int(70, 220)}" fill="${ink}">${WORDS[(index + line * 5) % WORDS.length]}</text>`;
  }
  return svgOf(body);
}

/** Random grey noise, blocky (`cells` × `cells` upscaled) or smooth (blurred): clouds, sand, static. */
async function noise(r: Random, cells: number, smooth: boolean): Promise<Buffer> {
  const data = Buffer.alloc(cells * cells * 3);
  for (let i = 0; i < data.length; i += 1) data[i] = r.int(0, 255);
  let image = sharp(data, { raw: { width: cells, height: cells, channels: 3 } }).resize(W, H, { fit: 'fill', kernel: smooth ? 'cubic' : 'nearest' });
  if (smooth) image = sharp(await image.png().toBuffer()).blur(8);
  return image.png().toBuffer();
}

async function corpus(): Promise<Base[]> {
  const r = createRandom(20261124);
  const bases: Base[] = [];
  for (const theme of SCENE_THEMES) {
    for (let i = 0; i < 6; i += 1) bases.push({ name: `${theme}-${i}`, family: `scene:${theme}`, image: await png(sceneSvg(theme, W, H, r)) });
    bases.push({ name: `${theme}-story`, family: `scene:${theme}`, image: await png(sceneSvg(theme, W, 1920, r, { caption: 'Mi historia' })) });
  }
  for (let i = 0; i < 8; i += 1) bases.push({ name: `avatar-${i}`, family: 'avatar', image: await png(avatarSvg(`${String.fromCharCode(65 + i)}${String.fromCharCode(75 + i)}`, r.int(0, 359), r)) });
  for (let i = 0; i < 8; i += 1) bases.push({ name: `linear-${i}`, family: 'gradient', image: await png(gradient(r, 'linear', i)) });
  for (let i = 0; i < 4; i += 1) bases.push({ name: `radial-${i}`, family: 'gradient', image: await png(gradient(r, 'radial', i)) });
  for (let i = 0; i < 12; i += 1) bases.push({ name: `shapes-${i}`, family: 'shapes', image: await png(shapes(r)) });
  for (let i = 0; i < 12; i += 1) bases.push({ name: `text-${i}`, family: 'text', image: await png(text(r, i)) });
  for (let i = 0; i < 4; i += 1) bases.push({ name: `static-${i}`, family: 'noise', image: await noise(r, 24 + i * 8, false) });
  for (let i = 0; i < 6; i += 1) bases.push({ name: `clouds-${i}`, family: 'noise', image: await noise(r, 6 + i * 2, true) });
  for (let i = 0; i < 4; i += 1) bases.push({ name: `solid-${i}`, family: 'flat', image: await sharp({ create: { width: W, height: H, channels: 3, background: hsl(i * 90, 60, 50) } }).png().toBuffer() });
  return bases;
}

/** The changes a re-upload brings; the last ones go past "slightly" and are shown for reference. */
const VARIANTS: Record<string, (image: Buffer) => Promise<Buffer>> = {
  'resize 1080→480 (JPEG 90)': (image) => sharp(image).resize(480).jpeg({ quality: 90 }).toBuffer(),
  'JPEG 95': (image) => sharp(image).jpeg({ quality: 95 }).toBuffer(),
  'JPEG 60': (image) => sharp(image).jpeg({ quality: 60 }).toBuffer(),
  'WebP 75': (image) => sharp(image).webp({ quality: 75 }).toBuffer(),
  'resize 480 + JPEG 60': (image) => sharp(image).resize(480).jpeg({ quality: 60 }).toBuffer(),
  'crop 3% each side': async (image) => crop(image, 0.03, 0.03, 0.03, 0.03),
  'crop 5% top and left': async (image) => crop(image, 0.05, 0.05, 0, 0),
  'brightness +10%': (image) => sharp(image).modulate({ brightness: 1.1 }).jpeg({ quality: 85 }).toBuffer(),
  'brightness -10%': (image) => sharp(image).modulate({ brightness: 0.9 }).jpeg({ quality: 85 }).toBuffer(),
  'crop 3% + resize 480 + JPEG 60 + brightness +10%': async (image) => sharp(await crop(image, 0.03, 0.03, 0.03, 0.03)).resize(480).modulate({ brightness: 1.1 }).jpeg({ quality: 60 }).toBuffer(),
  '(beyond) crop 10% each side': async (image) => crop(image, 0.1, 0.1, 0.1, 0.1),
  '(beyond) brightness +30%': (image) => sharp(image).modulate({ brightness: 1.3 }).jpeg({ quality: 85 }).toBuffer(),
  '(beyond) mirrored': (image) => sharp(image).flop().jpeg({ quality: 85 }).toBuffer(),
};

async function crop(image: Buffer, top: number, left: number, bottom: number, right: number): Promise<Buffer> {
  const { width = 0, height = 0 } = await sharp(image).metadata();
  const l = Math.round(width * left);
  const t = Math.round(height * top);
  return sharp(image)
    .extract({ left: l, top: t, width: width - l - Math.round(width * right), height: height - t - Math.round(height * bottom) })
    .jpeg({ quality: 90 })
    .toBuffer();
}

function histogram(values: number[]): string {
  const counts = new Map<number, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => a[0] - b[0]).map(([d, n]) => `${d}:${n}`).join(' ');
}

function summary(values: number[]): string {
  if (values.length === 0) return 'none';
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return `n=${values.length} min=${sorted[0]} p1=${at(0.01)} p5=${at(0.05)} median=${at(0.5)} p95=${at(0.95)} max=${sorted[sorted.length - 1]}`;
}

async function main(): Promise<void> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'wag-phash-'));
  const bases = await corpus();
  console.log(`corpus: ${bases.length} pictures (${[...new Set(bases.map((b) => b.family))].join(', ')}); threshold in force: ${MATCH_DISTANCE}\n`);

  // What a takedown stores: the hashes of the post's renditions as WAG wrote them.
  const blocked = new Map<string, bigint[]>();
  const details: Array<[string, number]> = [];
  let libraryAgrees = 0;
  const libraryDiffers: string[] = [];
  for (const base of bases) {
    const folder = await fs.mkdtemp(path.join(dir, 'post-'));
    await writeImageRenditions(base.image, folder, POST_IMAGE_RENDITIONS);
    blocked.set(base.name, await blockedPictureHashes(path.join(folder, 'full.webp')));
    const grey = await greyPixelsOf(base.image);
    const { bits, detail } = analyseGreyPixels(grey);
    details.push([base.name, detail]);
    const library = await sharpPhash(grey, { raw: { width: 32, height: 32, channels: 1 } });
    if (BigInt(`0b${library}`) === bits) libraryAgrees += 1;
    else libraryDiffers.push(`${base.name} (detail ${detail.toFixed(2)})`);
  }
  console.log(`sharp-phash gives the same 64 bits on the same grey pixels for ${libraryAgrees}/${bases.length} pictures; not for ${libraryDiffers.join(', ') || 'none'}`);
  const byDetail = [...details].sort((a, b) => a[1] - b[1]);
  console.log('lowest detail (grey levels):', byDetail.slice(0, 14).map(([name, d]) => `${name}=${d.toFixed(2)}`).join(' '));
  const unhashed = bases.filter((base) => (blocked.get(base.name) ?? []).length === 0).map((base) => base.name);
  console.log(`no hash (too flat): ${unhashed.join(', ') || 'none'}\n`);

  // Same picture: each change, uploaded, against what the takedown of the original stored.
  const sameAll: number[] = [];
  console.log('same picture, upload vs. the taken-down post (nearest of the upload\'s hashes to the stored ones):');
  for (const [label, change] of Object.entries(VARIANTS)) {
    const distances: number[] = [];
    const far: string[] = [];
    for (const base of bases) {
      const stored = blocked.get(base.name) ?? [];
      if (stored.length === 0) continue;
      const upload = await uploadedPictureHashes(await change(base.image));
      const d = upload.length === 0 ? 64 : Math.min(...upload.flatMap((u) => stored.map((s) => hammingDistance(u, s))));
      distances.push(d);
      if (d > MATCH_DISTANCE - 2) far.push(`${base.name}=${d}`);
    }
    if (!label.startsWith('(beyond)')) sameAll.push(...distances);
    const missed = distances.filter((d) => d > MATCH_DISTANCE).length;
    console.log(`  ${label.padEnd(50)} ${summary(distances)}  missed at ${MATCH_DISTANCE}: ${missed}`);
    if (!label.startsWith('(beyond)') && far.length > 0) console.log(`      farthest: ${far.join(' ')}`);
  }

  // The avatar path: a square crop as the profile picture of a picture taken down as a post, and the
  // uncut picture posted after its avatar was taken down.
  for (const [label, position] of [['square avatar cut, centre (400, JPEG 75)', 'centre'], ['square avatar cut, top (400, JPEG 75)', 'top'], ['square avatar cut, by attention (400, JPEG 75)', sharp.strategy.attention]] as const) {
    const square: number[] = [];
    for (const base of bases) {
      const stored = blocked.get(base.name) ?? [];
      if (stored.length === 0) continue;
      const avatar = await sharp(base.image).resize(400, 400, { fit: 'cover', position }).jpeg({ quality: 75 }).toBuffer();
      const upload = await uploadedPictureHashes(avatar);
      square.push(upload.length === 0 ? 64 : Math.min(...upload.flatMap((u) => stored.map((s) => hammingDistance(u, s)))));
    }
    console.log(`  ${label.padEnd(50)} ${summary(square)}  missed at ${MATCH_DISTANCE}: ${square.filter((d) => d > MATCH_DISTANCE).length}`);
    sameAll.push(...square);
  }

  // Different pictures: every upload against every other picture's stored hashes.
  const different: number[] = [];
  const closest: Array<[number, string, string]> = [];
  const uploads = new Map<string, bigint[]>();
  for (const base of bases) uploads.set(base.name, await uploadedPictureHashes(await sharp(base.image).jpeg({ quality: 85 }).toBuffer()));
  for (const a of bases) {
    for (const b of bases) {
      if (a === b) continue;
      const stored = blocked.get(a.name) ?? [];
      const upload = uploads.get(b.name) ?? [];
      if (stored.length === 0 || upload.length === 0) continue;
      const d = Math.min(...upload.flatMap((u) => stored.map((s) => hammingDistance(u, s))));
      different.push(d);
      closest.push([d, a.name, b.name]);
    }
  }
  closest.sort((x, y) => x[0] - y[0]);
  console.log(`\nsame picture, all slight changes: ${summary(sameAll)}`);
  console.log(`  histogram ${histogram(sameAll)}`);
  console.log(`different pictures (ordered pairs, nearest hashes): ${summary(different)}`);
  console.log(`  histogram (up to 24) ${histogram(different.filter((d) => d <= 24))}`);
  console.log(`  closest pairs: ${closest.slice(0, 8).map(([d, a, b]) => `${a}/${b}=${d}`).join(' ')}`);
  const family = new Map(bases.map((base) => [base.name, base.family]));
  const near = closest.filter(([d]) => d <= MATCH_DISTANCE + 2);
  const siblings = near.filter(([, a, b]) => family.get(a) === family.get(b) && family.get(a)?.startsWith('scene:'));
  console.log(`  pairs within ${MATCH_DISTANCE + 2}: ${near.length}, of which two scenes of one demo theme: ${siblings.length}`);
  console.log(`  the others: ${near.filter((pair) => !siblings.includes(pair)).map(([d, a, b]) => `${a}/${b}=${d}`).join(' ') || 'none'}`);
  for (const t of [6, 8, 10, 12]) {
    const missedSame = sameAll.filter((d) => d > t).length;
    const matchedDifferent = different.filter((d) => d <= t).length;
    const matchedUnrelated = closest.filter(([d, a, b]) => d <= t && !(family.get(a) === family.get(b) && family.get(a)?.startsWith('scene:'))).length;
    console.log(`  at threshold ${t}: same picture missed ${missedSame}/${sameAll.length}; different pairs matched ${matchedDifferent}/${different.length} (${matchedUnrelated} outside a demo theme's siblings)`);
  }

  // Cost: one upload's hashing (decode once, whole picture and its square), and the arithmetic alone.
  const photo = await sharp(bases[0]!.image).jpeg({ quality: 85 }).toBuffer();
  const small = await sharp(bases[0]!.image).resize(480).jpeg({ quality: 85 }).toBuffer();
  const grey = await greyPixelsOf(photo);
  for (let i = 0; i < 20; i += 1) await uploadedPictureHashes(photo);
  const time = async (label: string, runs: number, work: () => Promise<unknown> | unknown) => {
    const start = performance.now();
    for (let i = 0; i < runs; i += 1) await work();
    console.log(`  ${label.padEnd(58)} ${((performance.now() - start) / runs).toFixed(3)} ms`);
  };
  console.log('\ncost per call:');
  await time(`hash an uploaded 1080×1350 JPEG (${Math.round(photo.length / 1024)} KB): whole + square`, 40, () => uploadedPictureHashes(photo));
  await time('hash an uploaded 480×600 JPEG: whole + square', 40, () => uploadedPictureHashes(small));
  await time('decode the same JPEG with sharp to a 1080 WebP (what the upload does anyway)', 20, () => sharp(photo).resize(1080).webp().toBuffer());
  await time('the DCT and bits alone (ours)', 2000, () => analyseGreyPixels(grey));
  await time('sharp-phash on the same 32×32 grey pixels', 100, () => sharpPhash(grey, { raw: { width: 32, height: 32, channels: 1 } }));

  await fs.rm(dir, { recursive: true, force: true });
}

await main();
