/**
 * Asks for an image now, at high priority, before the element that shows it exists: the browser
 * keeps it, and the `<img>` or poster rendered later with the same `src`/`srcset` and `sizes` takes it
 * from there instead of starting its download only then.
 */
export function preloadImage(image: { src: string; srcSet?: string; sizes?: string }): void {
  const link = document.createElement('link');
  link.setAttribute('rel', 'preload');
  link.setAttribute('as', 'image');
  link.setAttribute('href', image.src);
  if (image.srcSet) {
    link.setAttribute('imagesrcset', image.srcSet);
    if (image.sizes) link.setAttribute('imagesizes', image.sizes);
  }
  link.setAttribute('fetchpriority', 'high');
  document.head.append(link);
}
