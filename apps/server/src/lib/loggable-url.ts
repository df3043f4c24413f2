/**
 * Query parameters whose value is a credential: the links WAG mails (/confirm-email?token=…,
 * /reset-password?token=…) and what a signed URL carries (X-Amz-Signature, X-Amz-Credential…).
 */
const SECRET_PARAMETER = /^(?:[^=]*(?:token|secret|password|signature|credential|key|code)[^=]*)$/i;

/**
 * A request's address as the logs may keep it: the secret of the CCBill webhook address
 * (/api/payments/ccbill/webhook/<secret>) is its credential, so it is never written, nor is the
 * value of a query parameter that is one.
 */
export function loggableUrl(url: string): string {
  const masked = url.replace(/^(\/api\/payments\/ccbill\/webhook\/)[^/?#]*/, '$1***');
  return masked.replace(/([?&])([^=&#]+)=([^&#]*)/g, (whole, separator: string, name: string) =>
    SECRET_PARAMETER.test(decodeURIComponentSafe(name)) ? `${separator}${name}=***` : whole,
  );
}

function decodeURIComponentSafe(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

interface LoggedRequest {
  method?: string;
  url?: string;
  ip?: string;
  host?: string;
  socket?: { remotePort?: number } | null;
}

/** The log's view of a request (Fastify's own fields), with the address made loggable. */
export function requestForLog(request: LoggedRequest) {
  return {
    method: request.method,
    url: request.url === undefined ? undefined : loggableUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
