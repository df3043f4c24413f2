/** docs/product.md §9: the crop is square and round, zoom 1 to 3, saved as JPEG named profile.jpg. */
export const ZOOM_MIN = 1;
export const ZOOM_MAX = 3;
/** Side of the saved square, in pixels; the server makes its display sizes from it. */
export const OUTPUT_SIZE = 1024;
export const OUTPUT_TYPE = 'image/jpeg';
export const OUTPUT_NAME = 'profile.jpg';
export const OUTPUT_QUALITY = 0.92;

export interface Size {
  width: number;
  height: number;
}

export interface Point {
  x: number;
  y: number;
}

export interface CropState {
  /** 1 to 3, on top of the scale that makes the image cover the circle. */
  zoom: number;
  /** Degrees, clockwise. */
  rotation: number;
  /** Where the image centre sits, relative to the crop centre, in viewport pixels. */
  offset: Point;
}

export const initialCrop: CropState = { zoom: 1, rotation: 0, offset: { x: 0, y: 0 } };

export function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/** Scale from image pixels to viewport pixels: at zoom 1 the short side just fills the circle. */
export function displayScale(image: Size, viewport: number, zoom: number): number {
  return (viewport / Math.min(image.width, image.height)) * clamp(zoom, ZOOM_MIN, ZOOM_MAX);
}

/** Rotation to the range (-180, 180]. */
export function normalizeRotation(degrees: number): number {
  let value = degrees % 360;
  if (value > 180) value -= 360;
  if (value <= -180) value += 360;
  return value;
}

/**
 * Keeps the crop circle inside the (scaled, rotated) image: the offset is measured along the
 * image's own axes and limited there, so no empty corner ever shows inside the circle.
 */
export function clampOffset(offset: Point, image: Size, viewport: number, zoom: number, rotation: number): Point {
  const scale = displayScale(image, viewport, zoom);
  const radius = viewport / 2;
  const limitU = Math.max(0, (image.width * scale) / 2 - radius);
  const limitV = Math.max(0, (image.height * scale) / 2 - radius);
  const angle = (rotation * Math.PI) / 180;
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  // Into the image's frame (rotate by -angle), clamp, and back.
  const u = clamp(offset.x * cos + offset.y * sin, -limitU, limitU);
  const v = clamp(-offset.x * sin + offset.y * cos, -limitV, limitV);
  const x = u * cos - v * sin;
  const y = u * sin + v * cos;
  // Avoid -0 and float dust in what tests and styles see.
  const tidy = (n: number) => (Math.abs(n) < 1e-9 ? 0 : n);
  return { x: tidy(x), y: tidy(y) };
}

/** The canvas steps that draw what the viewport shows into a square of `output` pixels. */
export interface DrawingContext {
  fillStyle: string | CanvasGradient | CanvasPattern;
  fillRect(x: number, y: number, w: number, h: number): void;
  translate(x: number, y: number): void;
  rotate(angle: number): void;
  scale(x: number, y: number): void;
  drawImage(image: CanvasImageSource, dx: number, dy: number): void;
  imageSmoothingQuality?: ImageSmoothingQuality;
}

export function drawCrop(
  context: DrawingContext,
  image: CanvasImageSource,
  size: Size,
  viewport: number,
  crop: CropState,
  output = OUTPUT_SIZE,
): void {
  const ratio = output / viewport;
  const scale = displayScale(size, viewport, crop.zoom) * ratio;
  context.imageSmoothingQuality = 'high';
  context.fillStyle = '#0a0a0f';
  context.fillRect(0, 0, output, output);
  context.translate(output / 2 + crop.offset.x * ratio, output / 2 + crop.offset.y * ratio);
  context.rotate((crop.rotation * Math.PI) / 180);
  context.scale(scale, scale);
  context.drawImage(image, -size.width / 2, -size.height / 2);
}

/** Draws the crop on a new canvas and encodes it as the JPEG the server expects. */
export async function renderCropToBlob(image: CanvasImageSource, size: Size, viewport: number, crop: CropState): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = OUTPUT_SIZE;
  canvas.height = OUTPUT_SIZE;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('Canvas 2D is not available');
  drawCrop(context, image, size, viewport, crop);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, OUTPUT_TYPE, OUTPUT_QUALITY));
  if (!blob) throw new Error('The image could not be encoded');
  return blob;
}

/** Opens a picked file as an image element (decoded, so its natural size is known). */
export function loadImage(file: Blob): Promise<{ image: HTMLImageElement; size: Size; url: string }> {
  return new Promise((resolve, reject) => {
    const url = URL.createObjectURL(file);
    const image = new Image();
    image.onload = () => {
      if (!image.naturalWidth || !image.naturalHeight) {
        URL.revokeObjectURL(url);
        reject(new Error('Empty image'));
        return;
      }
      resolve({ image, size: { width: image.naturalWidth, height: image.naturalHeight }, url });
    };
    image.onerror = () => {
      URL.revokeObjectURL(url);
      reject(new Error('Unreadable image'));
    };
    image.src = url;
  });
}
