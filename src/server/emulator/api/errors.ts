// The service's error bodies (src/wire/envelope.ts): simple errors and the two validation shapes.
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type {
  SimpleErrorBody,
  ValidationErrorBody,
  ValidationErrorItem,
  ValidationErrorsBody,
} from '../../../wire/envelope.ts';

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
  const body: SimpleErrorBody = { error: { message, code: status } };
  return new ApiError(status, body);
}

export const unauthorized = () => simpleError(401, 'Unauthorized');
export const forbidden = () => simpleError(403, 'Not allowed endpoint for token scopes');
export const notFound = () => simpleError(404, 'Resource Not Found');

export function validationError(key: string, errors: ValidationErrorItem[]): ApiError {
  const body: ValidationErrorsBody = { errors: [{ error: { key, errors } }] };
  return new ApiError(400, body);
}

/** The same 400 in the single-object shape (the TM segments listing's, per the OpenAPI). */
export function asSingleValidationError(error: unknown): unknown {
  if (!(error instanceof ApiError) || error.status !== 400) return error;
  const first = (error.body as Partial<ValidationErrorsBody>).errors?.[0]?.error;
  if (!first) return error;
  const body: ValidationErrorBody = { error: first };
  return new ApiError(400, body);
}

export function respondError(c: Context, error: ApiError): Response {
  return c.json(error.body as object, error.status);
}
