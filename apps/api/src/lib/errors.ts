import { messages } from '@kiyasla/contracts/messages';

export interface FieldError {
  path: string;
  message: string;
}

/**
 * A failure the caller should see: HTTP status, a stable machine-readable code and a
 * Turkish message for the user. Anything that is not an AppError is masked as a 500.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly errors?: FieldError[],
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (code: string, message: string) => new AppError(404, code, message);
export const badRequest = (code: string, message: string, errors?: FieldError[]) =>
  new AppError(400, code, message, errors);
export const unauthorized = (message: string = messages.generic.unauthorized) =>
  new AppError(401, 'UNAUTHORIZED', message);
export const forbidden = (code = 'FORBIDDEN', message: string = messages.generic.forbidden) =>
  new AppError(403, code, message);
