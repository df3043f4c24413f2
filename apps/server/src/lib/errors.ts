/** Errors a service throws; the HTTP error handler maps each to its status and a Spanish message. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class ValidationError extends AppError {
  constructor(message: string) {
    super(400, message);
  }
}

export class UnauthorizedError extends AppError {
  constructor(message = 'Debes iniciar sesión.') {
    super(401, message);
  }
}

export class ForbiddenError extends AppError {
  constructor(message = 'No tienes permiso para hacer esto.') {
    super(403, message);
  }
}

export class NotFoundError extends AppError {
  constructor(message = 'No encontrado.') {
    super(404, message);
  }
}

export class ConflictError extends AppError {
  constructor(message: string) {
    super(409, message);
  }
}

export class TooManyRequestsError extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, message);
  }
}
