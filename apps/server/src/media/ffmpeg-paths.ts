import fs from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

let ffmpeg: string | undefined;
let ffprobe: string | undefined;

/**
 * The ffmpeg binary: FFMPEG_PATH when set, otherwise the one `@ffmpeg-installer/ffmpeg` ships.
 * Resolved lazily, so a server that never touches video starts even on a platform the package lacks.
 */
export function ffmpegPath(): string {
  ffmpeg ??= resolveBinary('FFMPEG_PATH', '@ffmpeg-installer/ffmpeg');
  return ffmpeg;
}

/** The ffprobe binary: FFPROBE_PATH when set, otherwise the one `@ffprobe-installer/ffprobe` ships. */
export function ffprobePath(): string {
  ffprobe ??= resolveBinary('FFPROBE_PATH', '@ffprobe-installer/ffprobe');
  return ffprobe;
}

function resolveBinary(envName: string, packageName: string): string {
  const fromEnv = process.env[envName]?.trim();
  if (fromEnv) return fromEnv;
  let binary: string;
  try {
    // The installer packages are CommonJS and throw (sometimes a bare string) on unsupported platforms.
    binary = (require(packageName) as { path: string }).path;
  } catch (error) {
    throw new Error(`${packageName} has no binary for ${process.platform}-${process.arch}; set ${envName}`, {
      cause: error,
    });
  }
  ensureExecutable(binary, envName);
  return binary;
}

// npm does not always keep the execute bit of files inside a package tarball (ffprobe's installer
// is known to lose it), so give it back to the owner before the first spawn.
function ensureExecutable(file: string, envName: string): void {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return;
  } catch {
    // Not executable yet: fall through to chmod.
  }
  try {
    const { mode } = fs.statSync(file);
    fs.chmodSync(file, mode | 0o100);
    fs.accessSync(file, fs.constants.X_OK);
  } catch (error) {
    throw new Error(`${file} is not executable and could not be made so; set ${envName}`, { cause: error });
  }
}
