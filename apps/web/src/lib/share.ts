/**
 * Shares a link of this site: the device's share sheet where the browser has one, otherwise the
 * link is copied. Answers 'copied' when the caller should say so.
 */
export async function shareLink(path: string, title?: string): Promise<'shared' | 'copied'> {
  const url = `${window.location.origin}${path}`;
  if (typeof navigator.share === 'function') {
    await navigator.share({ url, title }).catch(() => undefined);
    return 'shared';
  }
  await navigator.clipboard?.writeText(url).catch(() => undefined);
  return 'copied';
}
