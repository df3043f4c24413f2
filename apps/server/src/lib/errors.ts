import { messages, Said } from './messages.js';

/**
 * Errors a service throws; the HTTP error handler maps each to its status and its message in the
 * request's language. The message is one of `messages` (a Spanish text, translated by exact lookup)
 * or, for a text with parameters, a `Said` carrying its key and arguments.
 */
export class AppError extends Error {
  /** The text with parameters this error says, when it is one (its Spanish is `message`). */
  readonly said: Said | null;

  constructor(
    readonly statusCode: number,
    message: string | Said,
  ) {
    super(message instanceof Said ? message.spanish : message);
    this.said = message instanceof Said ? message : null;
    this.name = new.target.name;
  }
}

export class ValidationError extends AppError {
  constructor(message: string | Said) {
    super(400, message);
  }
}

export class UnauthorizedError extends AppError {
  constructor(message: string | Said = messages.unauthorized) {
    super(401, message);
  }
}

export class ForbiddenError extends AppError {
  constructor(message: string | Said = messages.forbidden) {
    super(403, message);
  }
}

export class NotFoundError extends AppError {
  constructor(message: string | Said = messages.notFound) {
    super(404, message);
  }
}

export class ConflictError extends AppError {
  constructor(message: string | Said) {
    super(409, message);
  }
}

export class TooManyRequestsError extends AppError {
  constructor(
    message: string | Said,
    readonly retryAfterSeconds: number,
  ) {
    super(429, message);
  }
}
