import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { MEDIA_FILES } from '../media/storage.js';
import { encodeMp4, probeMedia, writePosterRenditions } from '../media/video-renditions.js';
import type { Random } from './random.js';
import { sceneSvg, type SceneTheme } from './scenes.js';
import type { ClipId } from './world-data.js';

export const CLIP_WIDTH = 540;
export const CLIP_HEIGHT = 960;
export const CLIP_SECONDS = 4;
const FPS = 30;

/** One generated clip, ready to be copied into media folders. */
export interface Clip {
  id: ClipId;
  dir: string;
  width: number;
  height: number;
  durationMs: number;
}

interface Recipe {
  /** Drawn over the video when a font is available. */
  label: string;
  /** Frequencies (Hz) of the soft chord underneath. */
  chord: number[];
  /** A still scene panned across, or a generated pattern. */
  source: { scene: SceneTheme; pan: string; extra?: string } | { pattern: string };
}

// Pans run across a 720×1280 scene with a 540×960 window: a slow, steady camera move.
const RECIPES: Record<ClipId, Recipe> = {
  sunset: {
    label: 'Hora dorada',
    chord: [220, 277.18, 329.63],
    source: { scene: 'sunset', pan: `x='(iw-${CLIP_WIDTH})*t/${CLIP_SECONDS}':y='(ih-${CLIP_HEIGHT})/2'` },
  },
  city: {
    label: 'Ciudad de noche',
    chord: [196, 246.94, 293.66],
    source: { scene: 'city', pan: `x='(iw-${CLIP_WIDTH})/2':y='(ih-${CLIP_HEIGHT})*(1-t/${CLIP_SECONDS})'` },
  },
  neon: {
    label: 'Neón',
    chord: [246.94, 311.13, 369.99],
    source: {
      pattern: `life=size=108x192:rate=10:ratio=0.12:mold=8:life_color=#ff5fa2:death_color=#140a26:mold_color=#4b2a86,scale=${CLIP_WIDTH}:${CLIP_HEIGHT}:flags=neighbor,fps=${FPS}`,
    },
  },
  party: {
    label: 'Noche de fiesta',
    chord: [233.08, 293.66, 349.23],
    source: {
      scene: 'bokeh',
      pan: `x='(iw-${CLIP_WIDTH})*(1-t/${CLIP_SECONDS})':y='(ih-${CLIP_HEIGHT})*t/${CLIP_SECONDS}'`,
      extra: `hue=h='t*40'`,
    },
  },
  beach: {
    label: 'Modo playa',
    chord: [261.63, 329.63, 392],
    source: { scene: 'tropical', pan: `x='(iw-${CLIP_WIDTH})*t/${CLIP_SECONDS}':y='(ih-${CLIP_HEIGHT})*t/${CLIP_SECONDS}'` },
  },
  mountains: {
    label: 'Aire de montaña',
    chord: [196, 261.63, 329.63],
    source: { scene: 'mountains', pan: `x='(iw-${CLIP_WIDTH})*(1-t/${CLIP_SECONDS})':y='(ih-${CLIP_HEIGHT})*0.6'` },
  },
  waves: {
    label: 'Respira',
    chord: [174.61, 220, 261.63],
    source: { scene: 'waves', pan: `x='(iw-${CLIP_WIDTH})/2':y='(ih-${CLIP_HEIGHT})*t/${CLIP_SECONDS}'`, extra: `hue=h='10*sin(t*1.5)'` },
  },
};

const FONT_CANDIDATES = [
  '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf',
  '/usr/share/fonts/dejavu/DejaVuSans-Bold.ttf',
  '/usr/share/fonts/dejavu-sans-fonts/DejaVuSans-Bold.ttf',
  '/usr/share/fonts/TTF/DejaVuSans-Bold.ttf',
  '/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf',
  '/usr/share/fonts/liberation-sans/LiberationSans-Bold.ttf',
  '/usr/share/fonts/truetype/freefont/FreeSansBold.ttf',
  '/System/Library/Fonts/Supplemental/Arial Bold.ttf',
  '/Library/Fonts/Arial Bold.ttf',
];

/** A bold TrueType font for the clip labels, or null: the clips are then made without text. */
export function findLabelFont(): string | null {
  return FONT_CANDIDATES.find((file) => fs.existsSync(file)) ?? null;
}

function audioGraph(chord: number[]): string {
  const voices = chord.map((hz, i) => `${(0.07 - i * 0.012).toFixed(3)}*sin(2*PI*${hz}*t)`).join('+');
  const fadeOut = CLIP_SECONDS - 0.6;
  return `aevalsrc='(${voices})*(0.75+0.25*sin(2*PI*0.5*t))':s=44100:d=${CLIP_SECONDS},afade=t=in:d=0.4,afade=t=out:st=${fadeOut}:d=0.6[a]`;
}

function labelFilter(label: string, font: string): string {
  // Labels are plain words: nothing in them needs filter-graph escaping.
  return `drawtext=fontfile='${font}':text='${label}':fontcolor=white:fontsize=42:x=(w-text_w)/2:y=h*0.78:shadowcolor=black@0.5:shadowx=2:shadowy=2:alpha='min(1,t/0.8)'`;
}

/** Generates one clip into `<stagingDir>/<id>/`: video.mp4, poster.webp and thumb.webp. */
export async function generateClip(id: ClipId, stagingDir: string, font: string | null, r: Random): Promise<Clip> {
  const recipe = RECIPES[id];
  const dir = path.join(stagingDir, id);
  await fs.promises.mkdir(dir, { recursive: true });
  const label = font ? `,${labelFilter(recipe.label, font)}` : '';

  let inputArgs: string[] = [];
  let video: string;
  if ('scene' in recipe.source) {
    const still = path.join(dir, 'scene.png');
    const svg = sceneSvg(recipe.source.scene, 720, 1280, r);
    await sharp(Buffer.from(svg)).png({ compressionLevel: 1 }).toFile(still);
    inputArgs = ['-i', still];
    const extra = recipe.source.extra ? `,${recipe.source.extra}` : '';
    // The loop filter decodes the still once and repeats it, instead of re-reading it for every frame.
    const frames = CLIP_SECONDS * FPS;
    video = `[0:v]loop=loop=${frames - 1}:size=1:start=0,setpts=N/${FPS}/TB,fps=${FPS},crop=${CLIP_WIDTH}:${CLIP_HEIGHT}:${recipe.source.pan}${extra}${label},format=yuv420p[v]`;
  } else {
    video = `${recipe.source.pattern}${label},format=yuv420p[v]`;
  }

  const output = path.join(dir, MEDIA_FILES.video);
  await encodeMp4({
    inputArgs,
    output,
    filterComplex: `${video};${audioGraph(recipe.chord)}`,
    audioLabel: true,
    durationSeconds: CLIP_SECONDS,
    crf: 24,
    timeoutMs: 120_000,
  });
  const probe = await probeMedia(output);
  await writePosterRenditions(output, dir, probe.durationMs);
  return {
    id,
    dir,
    width: probe.width ?? CLIP_WIDTH,
    height: probe.height ?? CLIP_HEIGHT,
    durationMs: probe.durationMs ?? CLIP_SECONDS * 1000,
  };
}
