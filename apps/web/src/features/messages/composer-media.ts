/** The composer's rules for a photo or video attached to a message, apart from React. */

export type AttachedKind = 'image' | 'video';

/**
 * What a picked file is, by the type the browser gives it: a photo, a video, or nothing the composer
 * takes (the server judges the bytes again; this only spares an upload bound to fail).
 */
export function attachedKind(file: { type: string }): AttachedKind | null {
  if (file.type.startsWith('image/')) return 'image';
  if (file.type.startsWith('video/')) return 'video';
  return null;
}


/** The largest a bubble shows a photo or video, in CSS pixels. */
export const MEDIA_BOX = { width: 260, height: 320 } as const;

/**
 * The size a bubble gives a photo or video of `width`×`height`: its own ratio, within MEDIA_BOX, never
 * enlarged; a square of the box's width when the size is not known yet (a video still processing).
 */
export function mediaBoxSize(width: number | null | undefined, height: number | null | undefined, box: { width: number; height: number } = MEDIA_BOX): { width: number; height: number } {
  if (!width || !height || width <= 0 || height <= 0) return { width: box.width, height: box.width };
  const scale = Math.min(1, box.width / width, box.height / height);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** What the composer can send: text alone, or a picked file with optional text. */
export function canSend(text: string, file: File | null, uploading: boolean): boolean {
  return !uploading && (file !== null || text.trim().length > 0);
}
