// The service's error envelopes (crowdin-api-notes.md, "Error envelopes").
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

export interface ValidationItem {
  code: string;
  message: string;
  /** Range in the croql text (our addition; clients may ignore it). */
  from?: number;
  to?: number;
}

/** An error the handlers throw; the app turns it into the service's envelope. */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly body: unknown,
  ) {
    super(typeof body === 'object' ? JSON.stringify(body) : String(body));
  }
}

export function simpleError(status: ContentfulStatusCode, message: string): ApiError {
  return new ApiError(status, { error: { message, code: status } });
}

export const unauthorized = () => simpleError(401, 'Unauthorized');
export const forbidden = () => simpleError(403, 'Not allowed endpoint for token scopes');
export const notFound = () => simpleError(404, 'Resource Not Found');

export function validationError(key: string, errors: ValidationItem[]): ApiError {
  return new ApiError(400, { errors: [{ error: { key, errors } }] });
}

export function respondError(c: Context, error: ApiError): Response {
  return c.json(error.body as object, error.status);
}
