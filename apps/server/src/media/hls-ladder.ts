/**
 * The HLS ladder of a video (docs/decisions/0035-adaptive-streaming.md): a few H.264/AAC renditions
 * ("rungs") cut into 2-second MPEG-TS segments, with VOD playlists and a master playlist naming each
 * rung's bandwidth, size and codecs. Everything sits flat in the video's own media folder beside
 * `video.mp4`, so the folder's access judgement covers it:
 *
 *   hls.m3u8                 master playlist, added last, once every rung is in place
 *   hls-360p.m3u8            a rung's playlist, added after all its segments
 *   hls-360p-00001.ts        its segments
 *
 * Rungs are rendered lowest first, each by its own ffmpeg run into a local working folder, then added
 * to the media folder through the store (the disk or a bucket: media/media-store.ts addFiles). A rung
 * whose playlist is in the folder is done: a ladder stopped midway (a worker killed, a lease lost)
 * resumes at the first missing rung, on whichever machine takes the job again.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { MediaStore } from './media-store.js';
import { fileKey } from './storage.js';
import { runFfmpeg } from './video-renditions.js';

/** File names of the ladder inside a media folder. */
export const HLS_FILES = {
  master: 'hls.m3u8',
  playlist: (rung: string) => `hls-${rung}.m3u8`,
  segmentPattern: (rung: string) => `hls-${rung}-%05d.ts`,
} as const;

/** Seconds of video per segment: short enough to start and switch quickly, long enough to stay efficient. */
export const SEGMENT_SECONDS = 2;
/** The ladder is rendered at most at this frame rate (a 60 fps upload's MP4 keeps its own rate). */
const MAX_FRAME_RATE = 30;

interface RungSpec {
  /** Height of a landscape picture, width of a portrait one: the short side. */
  short: number;
  /** Peak video bit rate (the capped CRF's ceiling) and the audio bit rate, in bits per second. */
  maxVideoRate: number;
  audioRate: number;
}

/** The standard rungs (Apple's authoring guide, trimmed for phones): a rung is kept only where the source reaches it. */
const LADDER: RungSpec[] = [
  { short: 360, maxVideoRate: 800_000, audioRate: 96_000 },
  { short: 540, maxVideoRate: 1_600_000, audioRate: 128_000 },
  { short: 720, maxVideoRate: 2_800_000, audioRate: 128_000 },
  { short: 1080, maxVideoRate: 5_000_000, audioRate: 128_000 },
];

/** H.264 levels: the largest frame (macroblocks) and rate (macroblocks per second) each allows. */
const H264_LEVELS = [
  { level: '3.0', idc: 30, frame: 1620, rate: 40_500 },
  { level: '3.1', idc: 31, frame: 3600, rate: 108_000 },
  { level: '3.2', idc: 32, frame: 5120, rate: 216_000 },
  { level: '4.0', idc: 40, frame: 8192, rate: 245_760 },
  { level: '4.2', idc: 42, frame: 8704, rate: 522_240 },
];

export interface Rung extends RungSpec {
  /** `360p`, `540p`…: its files' names. */
  name: string;
  width: number;
  height: number;
  /** The H.264 level the encoder is held to, and the RFC 6381 codecs string the master names. */
  level: string;
  codecs: string;
}

const even = (value: number) => Math.max(2, 2 * Math.round(value / 2));

/**
 * The frame rate the ladder is rendered at (the source's, at most 30; a phone's variable rate is made
 * constant at it) and its keyframe interval: one keyframe per segment, exactly at its start.
 */
export function ladderTiming(sourceFrameRate: number | null): { frameRate: number; gop: number } {
  const usable = sourceFrameRate !== null && Number.isFinite(sourceFrameRate) && sourceFrameRate > 0;
  const frameRate = usable ? Math.min(Math.round(sourceFrameRate * 1000) / 1000, MAX_FRAME_RATE) : MAX_FRAME_RATE;
  return { frameRate, gop: Math.max(1, Math.round(frameRate * SEGMENT_SECONDS)) };
}

function levelFor(width: number, height: number, frameRate: number) {
  const frame = Math.ceil(width / 16) * Math.ceil(height / 16);
  const fitting = H264_LEVELS.find((l) => frame <= l.frame && frame * frameRate <= l.rate);
  return fitting ?? H264_LEVELS[H264_LEVELS.length - 1]!;
}

/**
 * The rungs of a source of this display size: every standard rung its short side reaches (never an
 * upscale), the aspect kept; a source smaller than the lowest rung gets one rung at its own size.
 */
export function planLadder(width: number, height: number, sourceFrameRate: number | null): Rung[] {
  const sourceShort = Math.min(width, height);
  const portrait = height > width;
  const { frameRate } = ladderTiming(sourceFrameRate);
  const specs = LADDER.filter((spec) => spec.short <= sourceShort);
  if (specs.length === 0) specs.push({ ...LADDER[0]!, short: even(sourceShort) });
  return specs.map((spec) => {
    const long = even((Math.max(width, height) * spec.short) / sourceShort);
    const [w, h] = portrait ? [spec.short, long] : [long, spec.short];
    const level = levelFor(w, h, frameRate);
    return {
      ...spec,
      name: `${spec.short}p`,
      width: w,
      height: h,
      level: level.level,
      // High profile (64), no constraint flags (00), the level; AAC-LC.
      codecs: `avc1.6400${level.idc.toString(16).padStart(2, '0')},mp4a.40.2`,
    };
  });
}

/** ffmpeg arguments rendering one rung of `input` into `workDir` as a VOD playlist and its segments. */
function rungArgs(input: string, rung: Rung, workDir: string, timing: ReturnType<typeof ladderTiming>): string[] {
  // A constant rate, so a keyframe every `gop` frames falls every 2 seconds even from a variable-rate phone video.
  const filters = [`fps=${timing.frameRate}`, `scale=${rung.width}:${rung.height}`, 'setsar=1'];
  return [
    '-i', input,
    '-map', '0:v:0', '-map', '0:a:0',
    '-vf', filters.join(','),
    '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23',
    '-maxrate', String(rung.maxVideoRate), '-bufsize', String(rung.maxVideoRate * 2),
    '-profile:v', 'high', '-level:v', rung.level, '-pix_fmt', 'yuv420p',
    // A keyframe exactly at every segment boundary, never elsewhere: every segment starts one, so a
    // player switches rungs at any boundary.
    '-g', String(timing.gop), '-keyint_min', String(timing.gop), '-sc_threshold', '0',
    '-c:a', 'aac', '-b:a', String(rung.audioRate), '-ac', '2', '-ar', '48000',
    '-map_metadata', '-1', '-map_chapters', '-1',
    '-f', 'hls', '-hls_time', String(SEGMENT_SECONDS), '-hls_playlist_type', 'vod', '-hls_flags', 'independent_segments',
    '-hls_segment_type', 'mpegts', '-start_number', '1',
    '-hls_segment_filename', path.join(workDir, HLS_FILES.segmentPattern(rung.name)),
    path.join(workDir, HLS_FILES.playlist(rung.name)),
  ];
}

/** The media folder a ladder goes into, through the store: what is there, and adding to it. */
export interface LadderFolder {
  /** A file's size in bytes, or null when the folder does not hold it. */
  size(name: string): Promise<number | null>;
  readText(name: string): Promise<string>;
  /** Adds files of a local folder, in the order given (media-store.ts addFiles). */
  add(dir: string, names: readonly string[]): Promise<void>;
}

/** A media folder of the store as a ladder's destination. */
export function storeLadderFolder(store: MediaStore, folderKey: string): LadderFolder {
  return {
    size: async (name) => (await store.stat(fileKey(folderKey, name)))?.size ?? null,
    readText: (name) => store.withLocalFile(fileKey(folderKey, name), (file) => fs.readFile(file, 'utf8')),
    add: (dir, names) => store.addFiles(folderKey, dir, names),
  };
}

/**
 * Renders one rung into its folder inside `workDir`, then adds its segments to the media folder, and
 * its playlist last. A rung this work folder already holds (rendered for another post of the same
 * video) is added again without rendering.
 */
async function renderRung(input: string, folder: LadderFolder, workDir: string, rung: Rung, timing: ReturnType<typeof ladderTiming>, signal?: AbortSignal): Promise<void> {
  const rungDir = path.join(workDir, `hls-${rung.name}`);
  const playlist = HLS_FILES.playlist(rung.name);
  const renderedHere = await fs.stat(path.join(rungDir, playlist)).then(() => true, () => false);
  if (!renderedHere) {
    await fs.rm(rungDir, { recursive: true, force: true });
    await fs.mkdir(rungDir, { recursive: true });
    await runFfmpeg(rungArgs(input, rung, rungDir, timing), { signal });
  }
  const segments = (await fs.readdir(rungDir)).filter((name) => name !== playlist).sort();
  signal?.throwIfAborted();
  await folder.add(rungDir, [...segments, playlist]);
}

export interface RungStats {
  /** Peak and average bits per second over the rung's segments (the master's BANDWIDTH and AVERAGE-BANDWIDTH). */
  peak: number;
  average: number;
}

/** Reads a rendered rung's segment lengths from its playlist and their sizes from the folder. */
export async function rungStats(folder: LadderFolder, rung: Rung): Promise<RungStats> {
  const text = await folder.readText(HLS_FILES.playlist(rung.name));
  const lines = text.split('\n').map((line) => line.trim());
  let peak = 0;
  let bits = 0;
  let seconds = 0;
  for (let i = 0; i < lines.length; i += 1) {
    const extinf = /^#EXTINF:([\d.]+)/.exec(lines[i]!);
    const segment = lines[i + 1];
    if (!extinf || !segment || segment.startsWith('#')) continue;
    const duration = Number(extinf[1]);
    const bytes = await folder.size(segment);
    if (bytes === null) throw new Error(`The ${rung.name} playlist names ${segment}, which is missing`);
    const size = bytes * 8;
    bits += size;
    seconds += duration;
    if (duration > 0) peak = Math.max(peak, size / duration);
  }
  if (seconds === 0) throw new Error(`The ${rung.name} playlist names no segment`);
  return { peak: Math.ceil(peak), average: Math.ceil(bits / seconds) };
}
/**
 * The master playlist. The rung a player starts with comes first (Safari starts with the first one
 * listed; hls.js chooses by the player's size): 540p, or the highest below it, whose picture is
 * sharp on a phone and whose first segment is small.
 */
export function masterPlaylist(rungs: Array<{ rung: Rung; stats: RungStats }>, frameRate: number): string {
  const startIndex = Math.max(0, rungs.findLastIndex(({ rung }) => rung.short <= 540));
  const ordered = [rungs[startIndex]!, ...rungs.filter((_, i) => i !== startIndex)];
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-INDEPENDENT-SEGMENTS'];
  for (const { rung, stats } of ordered) {
    lines.push(
      `#EXT-X-STREAM-INF:BANDWIDTH=${stats.peak},AVERAGE-BANDWIDTH=${stats.average},RESOLUTION=${rung.width}x${rung.height},` +
        `FRAME-RATE=${frameRate.toFixed(3)},CODECS="${rung.codecs}"`,
      HLS_FILES.playlist(rung.name),
    );
  }
  return `${lines.join('\n')}\n`;
}

export interface LadderSource {
  /** The served MP4 (H.264/AAC, upright, at most 1080p, always with an audio track). */
  video: string;
  width: number;
  height: number;
  frameRate: number | null;
}

/**
 * Renders the ladder of `source.video` into `folder` (its media folder), rungs lowest first, skipping
 * rungs already there, rendering in `workDir` (a local folder of the caller's, for one video: a rung
 * rendered there is reused for the next folder of the same video), and adds the master
 * playlist once all are in place. `onRung` hears of each rung as it lands (rendered now or found
 * done). Returns the rungs.
 */
export async function writeHlsLadder(
  source: LadderSource,
  folder: LadderFolder,
  workDir: string,
  options: { signal?: AbortSignal; onRung?: (rung: Rung, rendered: boolean) => void | Promise<void> } = {},
): Promise<Rung[]> {
  const rungs = planLadder(source.width, source.height, source.frameRate);
  const timing = ladderTiming(source.frameRate);
  const done: Array<{ rung: Rung; stats: RungStats }> = [];
  for (const rung of rungs) {
    options.signal?.throwIfAborted();
    const rendered = (await folder.size(HLS_FILES.playlist(rung.name))) === null;
    if (rendered) await renderRung(source.video, folder, workDir, rung, timing, options.signal);
    done.push({ rung, stats: await rungStats(folder, rung) });
    await options.onRung?.(rung, rendered);
  }
  await fs.writeFile(path.join(workDir, HLS_FILES.master), masterPlaylist(done, timing.frameRate));
  await folder.add(workDir, [HLS_FILES.master]);
  return rungs;
}
