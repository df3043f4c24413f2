/**
 * The uploaded bytes could not be decoded or transcoded although detection took them for an image or
 * a video (a truncated or corrupt file). It is the client's file: each upload answers it with a 400
 * and its own Spanish message. Failures of WAG's own side (the file system, a missing tool) are never
 * wrapped in it, so they stay 5xx and are logged.
 */
export class UnreadableMediaError extends Error {
  constructor(cause: unknown) {
    super(`The uploaded media could not be read: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'UnreadableMediaError';
  }
}

/**
 * Node's system errors (ENOSPC, EACCES, EIO, ENOENT when starting a tool…) come from our side; an
 * aborted step (a job whose lease was lost stops its ffmpeg) is ours too.
 */
function isSystemError(error: unknown): boolean {
  return error instanceof Error && (typeof (error as NodeJS.ErrnoException).syscall === 'string' || error.name === 'AbortError');
}

/**
 * Runs a step that reads the uploaded bytes (decoding, probing, transcoding) and turns its failure
 * into UnreadableMediaError, unless it is a system error. A step given here should not write to
 * storage with a library that hides system errors behind its own messages; image renditions are
 * encoded in memory and written apart for that reason. ffmpeg writes its output itself and reports
 * any failure through one exit status: the output folder is checked before it runs, but a disk that
 * fills up during a transcode would still read as a bad file, the one case this rule gets wrong.
 */
export async function readingUpload<T>(step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    if (error instanceof UnreadableMediaError || isSystemError(error)) throw error;
    throw new UnreadableMediaError(error);
  }
}
