import { readToken } from '../../../lib/auth-storage';

export interface UploadResult {
  success?: boolean;
  message?: string;
  postType?: string;
  postSlug?: string;
  slug?: string;
}

export class UploadError extends Error {
  constructor(
    readonly status: number,
    readonly serverMessage: string | undefined,
  ) {
    super(serverMessage ?? `HTTP ${status}`);
    this.name = 'UploadError';
  }
}

/**
 * POST /api/posts as multipart with real upload progress (fetch cannot report it, XMLHttpRequest can).
 * Resolves with the server's answer on 2xx; rejects with UploadError otherwise.
 */
export function uploadPost(body: FormData, onProgress: (percent: number) => void): Promise<UploadResult> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', '/api/posts');
    request.setRequestHeader('Accept', 'application/json');
    const token = readToken();
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    };
    request.onload = () => {
      let payload: UploadResult | undefined;
      try {
        payload = JSON.parse(request.responseText) as UploadResult;
      } catch {
        payload = undefined;
      }
      if (request.status >= 200 && request.status < 300) resolve(payload ?? {});
      else reject(new UploadError(request.status, typeof payload?.message === 'string' ? payload.message : undefined));
    };
    request.onerror = () => reject(new UploadError(0, undefined));
    request.send(body);
  });
}
