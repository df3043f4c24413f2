import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { ffmpegPath, ffprobePath } from './ffmpeg-paths.js';
import { POSTER_RENDITIONS, writeImageRenditions, type ImageRenditionsResult } from './image-renditions.js';
import { MEDIA_FILES, writeAtomically } from './storage.js';
import { readingUpload, UnreadableMediaError } from './unreadable-media.js';

/**
 * Output options of every MP4 WAG serves: H.264 (yuv420p, plays everywhere) and AAC, the index at the
 * front so playback starts before the download ends, and a keyframe exactly every 60 frames so seeking
 * and later segmenting behave the same on every file. Metadata (GPS, device) is dropped.
 */
export function h264OutputArgs(options: { preset?: string; crf?: number } = {}): string[] {
  return [
    '-c:v', 'libx264',
    '-preset', options.preset ?? 'veryfast',
    '-crf', String(options.crf ?? 23),
    '-profile:v', 'high',
    '-pix_fmt', 'yuv420p',
    '-g', '60',
    '-keyint_min', '60',
    '-sc_threshold', '0',
    '-c:a', 'aac',
    '-b:a', '128k',
    '-ac', '2',
    '-map_metadata', '-1',
    '-map_chapters', '-1',
    '-movflags', '+faststart',
    '-f', 'mp4',
  ];
}

export interface ToolResult {
  stdout: Buffer;
  stderr: string;
}

/**
 * Runs a binary with arguments (no shell), collecting its output; rejects on a non-zero exit, a
 * timeout, or `signal` (the process is killed: a job that lost its lease stops its ffmpeg).
 */
export function runTool(binary: string, args: string[], options: { timeoutMs?: number; signal?: AbortSignal } = {}): Promise<ToolResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'], signal: options.signal, killSignal: 'SIGKILL' });
    const stdout: Buffer[] = [];
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => {
      // Keep the tail only: the reason for a failure is at the end.
      stderr = (stderr + chunk.toString('utf8')).slice(-8000);
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 10 * 60_000);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve({ stdout: Buffer.concat(stdout), stderr });
      else {
        const name = path.basename(binary);
        reject(new Error(`${name} failed (${signal ?? `exit ${code}`}): ${stderr.trim().split('\n').slice(-3).join(' | ')}`));
      }
    });
  });
}

export function runFfmpeg(args: string[], options?: { timeoutMs?: number; signal?: AbortSignal }): Promise<ToolResult> {
  return runTool(ffmpegPath(), ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', ...args], options);
}

export interface MediaProbe {
  durationMs: number | null;
  /** Display size, after any rotation the container asks for. */
  width: number | null;
  height: number | null;
  videoCodec: string | null;
  audioCodec: string | null;
  formatName: string;
  /** The video stream's profile (`High`, `Main`…), pixel format and frame rate (frames per second). */
  videoProfile: string | null;
  pixelFormat: string | null;
  frameRate: number | null;
  /** Degrees the container asks players to turn the picture. */
  rotation: number;
  /** Bits per second of the video stream (of the whole file when the stream does not say). */
  videoBitRate: number | null;
  audioProfile: string | null;
  audioChannels: number | null;
}

interface FfprobeJson {
  format?: { duration?: string; format_name?: string; bit_rate?: string };
  streams?: Array<{
    codec_type?: string;
    codec_name?: string;
    profile?: string;
    pix_fmt?: string;
    avg_frame_rate?: string;
    bit_rate?: string;
    channels?: number;
    width?: number;
    height?: number;
    duration?: string;
    tags?: { rotate?: string };
    side_data_list?: Array<{ rotation?: number }>;
  }>;
}

/** Reads duration, dimensions and codecs of a media file with ffprobe. */
export async function probeMedia(file: string): Promise<MediaProbe> {
  const { stdout } = await runTool(
    ffprobePath(),
    ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file],
    { timeoutMs: 60_000 },
  );
  const json = JSON.parse(stdout.toString('utf8')) as FfprobeJson;
  const video = json.streams?.find((s) => s.codec_type === 'video');
  const audio = json.streams?.find((s) => s.codec_type === 'audio');
  const rotation = Math.abs(
    Number(video?.tags?.rotate ?? video?.side_data_list?.find((d) => d.rotation !== undefined)?.rotation ?? 0),
  );
  const sideways = rotation % 180 === 90;
  const seconds = Number(json.format?.duration ?? video?.duration);
  const [frames, per] = (video?.avg_frame_rate ?? '').split('/').map(Number);
  const frameRate = frames && per ? frames / per : null;
  const bitRate = Number(video?.bit_rate ?? json.format?.bit_rate);
  return {
    durationMs: Number.isFinite(seconds) ? Math.round(seconds * 1000) : null,
    width: (sideways ? video?.height : video?.width) ?? null,
    height: (sideways ? video?.width : video?.height) ?? null,
    videoCodec: video?.codec_name ?? null,
    audioCodec: audio?.codec_name ?? null,
    formatName: json.format?.format_name ?? '',
    videoProfile: video?.profile ?? null,
    pixelFormat: video?.pix_fmt ?? null,
    frameRate: frameRate !== null && Number.isFinite(frameRate) ? frameRate : null,
    rotation: rotation % 360,
    videoBitRate: Number.isFinite(bitRate) && bitRate > 0 ? bitRate : null,
    audioProfile: audio?.profile ?? null,
    audioChannels: audio?.channels ?? null,
  };
}

/**
 * The longest stretch without a keyframe in a video stream, in milliseconds (to the end of the file
 * too), read from the packet flags alone: nothing is decoded. Null when no keyframe is found.
 */
export async function longestKeyframeGapMs(file: string, durationMs: number | null): Promise<number | null> {
  const { stdout } = await runTool(
    ffprobePath(),
    ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'packet=pts_time,flags', '-of', 'csv=p=0', file],
    { timeoutMs: 60_000 },
  );
  const keyframes = stdout
    .toString('utf8')
    .split('\n')
    .map((line) => line.split(','))
    .filter(([, flags]) => flags?.startsWith('K'))
    .map(([time]) => Number(time) * 1000)
    .filter(Number.isFinite)
    .sort((a, b) => a - b);
  if (keyframes.length === 0) return null;
  let gap = keyframes[0]!;
  for (let i = 1; i < keyframes.length; i += 1) gap = Math.max(gap, keyframes[i]! - keyframes[i - 1]!);
  return durationMs === null ? gap : Math.max(gap, durationMs - keyframes[keyframes.length - 1]!);
}

/**
 * Scales down (never up) so the long side is at most 1920 and the short side at most 1080, with even
 * dimensions as yuv420p requires.
 */
const FIT_1080P =
  "scale=w='2*trunc(iw*min(1,min(1920/max(iw,ih),1080/min(iw,ih)))/2)':h='2*trunc(ih*min(1,min(1920/max(iw,ih),1080/min(iw,ih)))/2)'";

export interface EncodeOptions {
  /** ffmpeg input arguments (`-i file`, or lavfi sources). Input 0 must carry the video. */
  inputArgs: string[];
  output: string;
  /** Filter graph with `[v]` (and `[a]` when `audioLabel` is set) as its outputs. */
  filterComplex?: string;
  audioLabel?: boolean;
  /** Video filter chain for input 0, when no filter graph is given. */
  videoFilter?: string;
  /** The input index of the audio, when no filter graph is given (default: none, a silent track is added). */
  audioInput?: number;
  durationSeconds?: number;
  preset?: string;
  crf?: number;
  timeoutMs?: number;
  signal?: AbortSignal;
}

/** Encodes one MP4 with the standard output options and moves it into place atomically. */
export async function encodeMp4(options: EncodeOptions): Promise<void> {
  await writeAtomically(options.output, async (temp) => {
    const args = [...options.inputArgs];
    let maps: string[];
    if (options.filterComplex) {
      args.push('-filter_complex', options.filterComplex);
      maps = ['-map', '[v]'];
      if (options.audioLabel) maps.push('-map', '[a]');
    } else {
      if (options.videoFilter) args.push('-vf', options.videoFilter);
      maps = ['-map', '0:v:0'];
      if (options.audioInput !== undefined) maps.push('-map', `${options.audioInput}:a:0`);
    }
    const hasAudio = options.filterComplex ? options.audioLabel === true : options.audioInput !== undefined;
    if (!hasAudio) {
      // Every MP4 carries an AAC track, silent when the source had none, so players treat all alike.
      const silentIndex = countInputs(options.inputArgs);
      args.splice(options.inputArgs.length, 0, '-f', 'lavfi', '-i', 'anullsrc=channel_layout=stereo:sample_rate=44100');
      maps.push('-map', `${silentIndex}:a:0`, '-shortest');
    }
    if (options.durationSeconds !== undefined) maps.push('-t', String(options.durationSeconds));
    await runFfmpeg([...args, ...maps, ...h264OutputArgs(options), temp], { timeoutMs: options.timeoutMs, signal: options.signal });
  });
}

function countInputs(inputArgs: string[]): number {
  return inputArgs.filter((arg) => arg === '-i').length;
}

/**
 * One frame of a video as a PNG, at `atSeconds` (or the first frame when the video is shorter), fitted
 * in 1080p like the served video: the frame may come from the upload itself, of any size.
 */
export async function extractPosterFrame(video: string, atSeconds: number): Promise<Buffer> {
  const grab = (seek: number) =>
    runFfmpeg(['-ss', String(seek), '-i', video, '-frames:v', '1', '-vf', FIT_1080P, '-f', 'image2pipe', '-c:v', 'png', 'pipe:1'], {
      timeoutMs: 60_000,
    });
  let { stdout } = await grab(atSeconds);
  if (stdout.length === 0 && atSeconds > 0) ({ stdout } = await grab(0));
  if (stdout.length === 0) throw new Error(`No frame could be read from ${path.basename(video)}`);
  return stdout;
}

/** The last moment a frame can be read from: a frame starts before the end, never at it. */
const LAST_FRAME_MARGIN_MS = 100;

/**
 * Where the poster is taken, in seconds: the creator's chosen moment (kept inside this file, whose
 * length may differ by a few milliseconds from the upload's), else a frame a little way in, since
 * the very first one is often black or a fade.
 */
export function posterMoment(durationMs: number | null, coverAtMs?: number): number {
  if (coverAtMs !== undefined) {
    const last = durationMs === null ? coverAtMs : Math.max(0, durationMs - LAST_FRAME_MARGIN_MS);
    return Math.min(Math.max(0, coverAtMs), last) / 1000;
  }
  return durationMs && durationMs > 2000 ? 1 : 0;
}

/** Writes `poster.webp` and the 9:16 `thumb.webp` of a video into `dir`, from the frame at `coverAtMs` when given. */
export async function writePosterRenditions(
  video: string,
  dir: string,
  durationMs: number | null,
  coverAtMs?: number,
): Promise<ImageRenditionsResult> {
  const frame = await extractPosterFrame(video, posterMoment(durationMs, coverAtMs));
  return writeImageRenditions(frame, dir, POSTER_RENDITIONS);
}

export interface VideoRenditionsResult {
  width: number;
  height: number;
  durationMs: number;
  /** Whether the upload's own H.264 was kept (copied, see planVideo) rather than re-encoded. */
  copied: boolean;
}

/**
 * When an upload's own H.264 is served as it came (copied into a new MP4, not re-encoded): what a
 * phone records, in a size and bitrate a phone can stream and seek. Everything else is re-encoded.
 * The file is never trusted for it: these are read from its bytes on every upload, its size and
 * length were capped when it came in, its metadata is dropped either way, and its video is decoded
 * in full while it is copied (a stream that does not decode cleanly is re-encoded instead).
 */
export const COPY_LIMITS = {
  /** Containers whose H.264 and timestamps move into MP4 as they are. */
  containers: ['mov,mp4,m4a,3gp,3g2,mj2', 'matroska,webm'],
  /** The profiles every browser decodes (not High 10, 4:2:2 or 4:4:4). */
  profiles: ['Constrained Baseline', 'Baseline', 'Main', 'High'],
  pixelFormats: ['yuv420p'],
  maxFrameRate: 60,
  /** About what our own encoding (CRF 23) of a busy 1080p clip weighs; a phone's 17 Mbit/s 1080p is re-encoded. */
  maxVideoBitRate: 8_000_000,
  /** Seeking lands on a keyframe: a longer stretch without one is re-encoded with one every 60 frames. */
  maxKeyframeGapMs: 5_000,
};

export type VideoPlan =
  | { video: 'copy'; audio: 'copy' | 'encode' | 'silent' }
  | { video: 'encode'; reason: string };

/**
 * Whether an upload's video is copied or re-encoded (COPY_LIMITS), and then its audio: AAC-LC in
 * mono or stereo is copied, another codec is encoded to AAC, none gets a silent AAC track.
 */
export function planVideo(source: MediaProbe, keyframeGapMs: number | null): VideoPlan {
  const encode = (reason: string): VideoPlan => ({ video: 'encode', reason });
  if (source.videoCodec !== 'h264') return encode(`codec ${source.videoCodec ?? 'none'}`);
  if (!COPY_LIMITS.containers.includes(source.formatName)) return encode(`container ${source.formatName}`);
  if (!source.videoProfile || !COPY_LIMITS.profiles.includes(source.videoProfile)) return encode(`profile ${source.videoProfile ?? 'unknown'}`);
  if (!source.pixelFormat || !COPY_LIMITS.pixelFormats.includes(source.pixelFormat)) return encode(`pixel format ${source.pixelFormat ?? 'unknown'}`);
  if (source.rotation !== 0) return encode('turned by the container');
  const { width, height } = source;
  if (!width || !height || width % 2 !== 0 || height % 2 !== 0) return encode('odd or unknown size');
  if (Math.max(width, height) > 1920 || Math.min(width, height) > 1080) return encode('larger than 1080p');
  if (!source.frameRate || source.frameRate > COPY_LIMITS.maxFrameRate) return encode('frame rate');
  if (!source.videoBitRate || source.videoBitRate > COPY_LIMITS.maxVideoBitRate) return encode('bitrate');
  if (keyframeGapMs === null || keyframeGapMs > COPY_LIMITS.maxKeyframeGapMs) return encode('keyframes too far apart');
  if (!source.audioCodec) return { video: 'copy', audio: 'silent' };
  const plainAac = source.audioCodec === 'aac' && source.audioProfile === 'LC' && source.audioChannels !== null && source.audioChannels >= 1 && source.audioChannels <= 2;
  return { video: 'copy', audio: plainAac ? 'copy' : 'encode' };
}

/**
 * Copies an upload's H.264 into `output` (a new MP4: index first, no metadata, no chapters, no other
 * streams), with its audio copied, encoded to AAC or replaced by silence as planned. The same ffmpeg
 * run decodes the whole video and stops at the first error, so a stream that would not play fails here.
 */
async function copyMp4(input: string, output: string, audio: 'copy' | 'encode' | 'silent', signal?: AbortSignal): Promise<void> {
  await writeAtomically(output, async (temp) => {
    const args = ['-xerror', '-err_detect', 'explode', '-i', input];
    const maps = ['-map', '0:v:0'];
    if (audio === 'silent') {
      args.push('-f', 'lavfi', '-i', 'anullsrc=channel_layout=stereo:sample_rate=44100');
      maps.push('-map', '1:a:0', '-shortest');
    } else {
      maps.push('-map', '0:a:0');
    }
    const audioArgs = audio === 'copy' ? ['-c:a', 'copy'] : ['-c:a', 'aac', '-b:a', '128k', '-ac', '2'];
    await runFfmpeg(
      [
        ...args, ...maps, '-c:v', 'copy', ...audioArgs,
        '-map_metadata', '-1', '-map_chapters', '-1', '-movflags', '+faststart', '-f', 'mp4', temp,
        '-map', '0:v:0', '-f', 'null', '-',
      ],
      { signal },
    );
  });
}

/**
 * Makes an uploaded video servable in `dir/video.mp4` (H.264/AAC, faststart, at most 1080p, no
 * metadata) and writes its poster frame (at `coverAtMs` when given) and grid tile. An upload that is
 * already H.264 a phone can play (planVideo) is copied, which takes a fraction of a second; anything
 * else, or a copy that fails, is re-encoded. The poster is taken from the upload while the video is
 * made (the same frame, turned upright). The source is probed first; checks on duration belong to the
 * caller. Each file appears complete or not at all; on failure the caller removes the item's folder. A
 * source that cannot be read or transcoded throws UnreadableMediaError.
 */
export async function writeVideoRenditions(
  input: string,
  dir: string,
  options: { preset?: string; signal?: AbortSignal; coverAtMs?: number } = {},
): Promise<VideoRenditionsResult> {
  // Every step reads the upload or what was made of it: a failure is the file's (UnreadableMediaError),
  // unless the system failed or the work was called off (see readingUpload).
  const source = await readingUpload(() => probeMedia(input));
  if (!source.videoCodec) throw new UnreadableMediaError(new Error('The file has no video stream'));
  const output = path.join(dir, MEDIA_FILES.video);
  // ffmpeg reports a folder it cannot write like a file it cannot read: check ours first.
  await fs.access(dir, fs.constants.W_OK);
  // Settled at once (a failure is kept, not left unhandled while the video is made), awaited below.
  let posterFailure: { error: unknown } | undefined;
  const poster = readingUpload(() => writePosterRenditions(input, dir, source.durationMs, options.coverAtMs)).then(
    () => undefined,
    (error: unknown) => {
      posterFailure = { error };
    },
  );
  let copied = false;
  try {
    const keyframeGap = source.videoCodec === 'h264' ? await readingUpload(() => longestKeyframeGapMs(input, source.durationMs)) : null;
    const plan = planVideo(source, keyframeGap);
    if (plan.video === 'copy') {
      copied = await copyMp4(input, output, plan.audio, options.signal).then(
        () => true,
        (error: unknown) => {
          // A stream that does not decode cleanly is re-encoded below; a job called off stops here.
          if (options.signal?.aborted) throw error;
          return false;
        },
      );
    }
    if (!copied) {
      await readingUpload(() =>
        encodeMp4({
          inputArgs: ['-i', input],
          output,
          videoFilter: FIT_1080P,
          audioInput: source.audioCodec ? 0 : undefined,
          preset: options.preset,
          signal: options.signal,
        }),
      );
    }
  } finally {
    // Nothing keeps writing into the folder once this returns or throws.
    await poster;
  }
  if (posterFailure) throw posterFailure.error;
  const result = await readingUpload(() => probeMedia(output));
  return { width: result.width ?? 0, height: result.height ?? 0, durationMs: result.durationMs ?? 0, copied };
}
