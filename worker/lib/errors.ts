import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** The API's one error shape (DESIGN.md): `{ error: { code, message, fields? } }`. */
export type ApiErrorBody = {
  error: { code: string; message: string; fields?: Record<string, string> };
};

/**
 * A failure the guest should see. `message` is the spec's copy, verbatim.
 * @example throw new ApiError(404, 'not_found', "This event doesn't exist or is no longer available.")
 */
export class ApiError extends HTTPException {
  constructor(
    status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(status, { message });
  }

  body(): ApiErrorBody {
    return { error: { code: this.code, message: this.message, ...(this.fields ? { fields: this.fields } : {}) } };
  }
}
