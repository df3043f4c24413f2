/** A failed call: `message` is the server's Spanish text when it sent one. */
export class ApiError extends Error {
  readonly status: number;
  /** The server's own message, when the response carried `{ success: false, message }`. */
  readonly serverMessage: string | undefined;
  /** The whole answer, when there was one (a login's two-factor challenge travels in it). */
  readonly body: unknown;

  constructor(status: number, serverMessage: string | undefined, body: unknown = undefined) {
    super(serverMessage ?? (status === 0 ? 'Network error' : `HTTP ${status}`));
    this.name = 'ApiError';
    this.status = status;
    this.serverMessage = serverMessage;
    this.body = body;
  }
}

/** The text to show for a failed call: the server's message, else the screen's fallback. */
export function errorText(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback;
}
