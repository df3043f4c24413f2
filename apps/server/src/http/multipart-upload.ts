import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors.js';
import { messages } from '../lib/messages.js';

export interface ReceivedUpload {
  /** The files of the accepted field, in the order sent, streamed to a temporary folder. */
  files: string[];
  /** The accepted text fields. */
  fields: Record<string, string>;
}

/**
 * Receives a multipart upload: the files of `fileField` (one name or several; at most `maxFiles`,
 * others are drained) are streamed to a fresh folder under `uploadDir` (named `in-…`, which the storage sweep knows), the
 * listed text fields kept, a file over the size limit refused (413). `use` works with the files on
 * disk; the folder is removed when it returns or throws, so whatever it keeps it moves out first.
 */
export async function receiveUpload<T>(
  request: FastifyRequest,
  options: { uploadDir: string; fileField: string | readonly string[]; maxFiles: number; fields: ReadonlySet<string> },
  use: (upload: ReceivedUpload) => Promise<T>,
): Promise<T> {
  const fileFields: readonly string[] = typeof options.fileField === 'string' ? [options.fileField] : options.fileField;
  await fs.mkdir(options.uploadDir, { recursive: true });
  const dir = await fs.mkdtemp(path.join(options.uploadDir, 'in-'));
  try {
    const upload: ReceivedUpload = { files: [], fields: {} };
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (!fileFields.includes(part.fieldname) || upload.files.length >= options.maxFiles) {
          part.file.resume();
          continue;
        }
        const target = path.join(dir, String(upload.files.length));
        await pipeline(part.file, createWriteStream(target));
        if (part.file.truncated) throw new AppError(413, messages.uploadTooLarge);
        upload.files.push(target);
      } else if (options.fields.has(part.fieldname) && typeof part.value === 'string') {
        upload.fields[part.fieldname] = part.value;
      }
    }
    return await use(upload);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
