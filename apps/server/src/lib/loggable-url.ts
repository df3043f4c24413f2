/**
 * A request's address as the logs may keep it: the secret of the CCBill webhook address
 * (/api/payments/ccbill/webhook/<secret>) is its credential, so it is never written.
 */
export function loggableUrl(url: string): string {
  return url.replace(/^(\/api\/payments\/ccbill\/webhook\/)[^/?#]*/, '$1***');
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
