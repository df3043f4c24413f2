import type { MailMessage } from '../mail/mail-messages.js';
import type { ReportSubjectType as MediaSubjectType } from '../db/schema.js';

/**
 * Every background job the server runs: its name and the payload it carries, one union (as Immich's
 * JobItem), so enqueuing a job and handling it are checked against the same shape.
 */
export type JobItem =
  /**
   * Transcode an uploaded video (kept under uploads/jobs) into its post's media folder; the poster is
   * the frame at `coverAtMs` when the creator chose one.
   */
  | { name: 'video.transcode'; data: { postId: string; sourcePath: string; coverAtMs?: number } }
  /**
   * Render the HLS ladder of a post's ready video (`videoKey`, its MP4) into the same folder, then
   * name its master playlist on the media row (media/hls-ladder.ts). `sameVideo`: posts whose MP4 is
   * a copy of the same file (the demo world's), given a copy of the ladder instead of their own.
   */
  | { name: 'video.ladder'; data: LadderTarget & { sameVideo?: LadderTarget[] } }
  /** Transcode a video sent in a direct message (kept under uploads/jobs) into its own restricted folder. */
  | { name: 'message.video'; data: { messageId: string; sourcePath: string } }
  /**
   * Remove what interrupted work left on this process's disk (temporary uploads, queued videos and
   * media folders nothing points at), if older than `graceMs`.
   */
  | { name: 'storage.sweep'; data: { graceMs: number } }
  /** Send one email (queued in the transaction of what it tells of; retried when SMTP fails). */
  | { name: 'mail.send'; data: { message: MailMessage } }
  /** Hash the stored media of a taken-down subject onto the block list (services/media-hashes.service.ts). */
  | { name: 'media.block'; data: { subjectType: MediaSubjectType; subjectId: string } }
  /**
   * Settle the sandbox subscriptions due now: renew (charging the provider's card token once per
   * period), mark past due after a decline, end those whose access ran out.
   */
  | { name: 'payments.settle'; data: Record<string, never> }
  /** Delete the identity documents of requests decided more than 30 days ago (services/identity.service.ts). */
  | { name: 'identity.purge'; data: Record<string, never> };

/** A post's video that gets a ladder. */
export interface LadderTarget {
  postId: string;
  videoKey: string;
}

export type JobName = JobItem['name'];
export type JobData<N extends JobName> = Extract<JobItem, { name: N }>['data'];
