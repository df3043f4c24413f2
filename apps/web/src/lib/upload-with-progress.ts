import { readToken } from './auth-storage';

export interface UploadResult {
  story?: { id: string };
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
 * POSTs multipart data with real upload progress (fetch cannot report it, XMLHttpRequest can), with
 * the stored session token. Resolves with the server's answer on 2xx; rejects with UploadError otherwise.
 */
export function uploadWithProgress(url: string, body: FormData, onProgress: (percent: number) => void): Promise<UploadResult> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', url);
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
