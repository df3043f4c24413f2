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
}

interface FfprobeJson {
  format?: { duration?: string; format_name?: string };
  streams?: Array<{
    codec_type?: string;
    codec_name?: string;
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
  return {
    durationMs: Number.isFinite(seconds) ? Math.round(seconds * 1000) : null,
    width: (sideways ? video?.height : video?.width) ?? null,
    height: (sideways ? video?.width : video?.height) ?? null,
    videoCodec: video?.codec_name ?? null,
    audioCodec: audio?.codec_name ?? null,
    formatName: json.format?.format_name ?? '',
  };
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

/** One frame of a video as a PNG, at `atSeconds` (or the first frame when the video is shorter). */
export async function extractPosterFrame(video: string, atSeconds: number): Promise<Buffer> {
  const grab = (seek: number) =>
    runFfmpeg(['-ss', String(seek), '-i', video, '-frames:v', '1', '-f', 'image2pipe', '-c:v', 'png', 'pipe:1'], {
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
}

/**
 * Transcodes an uploaded video into `dir/video.mp4` (H.264/AAC, faststart, at most 1080p) and writes
 * its poster frame (at `coverAtMs` when given) and grid tile. The source is probed first; checks on duration belong to the caller.
 * Each file appears complete or not at all; on failure the caller removes the item's folder. A source
 * that cannot be read or transcoded throws UnreadableMediaError.
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
  const result = await readingUpload(() => probeMedia(output));
  await readingUpload(() => writePosterRenditions(output, dir, result.durationMs, options.coverAtMs));
  return { width: result.width ?? 0, height: result.height ?? 0, durationMs: result.durationMs ?? 0 };
}
