import { type GenericSchema, type GenericSchemaAsync, getDotPath, type BaseIssue } from 'valibot';
import { vValidator } from '@hono/valibot-validator';
import { ApiError } from './errors';
import { COPY } from '@domain/copy';

/** Largest JSON body any route accepts; every form in the product is far smaller. */
export const MAX_JSON_BYTES = 32 * 1024;

/** Shown when the body is not JSON at all; schema messages (SPEC copy) cover everything else. */
export const MALFORMED_BODY_MESSAGE = COPY.common.malformedBody;
export const OVERSIZED_BODY_MESSAGE = COPY.common.oversizedBody;

const JSON_MEDIA_TYPE = /^application\/([\w.-]+\+)?json$/i;

/**
 * Turns valibot issues into the API's `fields` map: the first message per top-level field (what a
 * form shows beside its input; an issue deep in a list, e.g. `tables.0.number`, is the `tables`
 * field's). Issues on the body itself (e.g. an array instead of an object) have no path and only
 * set the message.
 */
export function issueFields(issues: readonly BaseIssue<unknown>[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const path = getDotPath(issue)?.split('.')[0];
    if (path && !(path in fields)) fields[path] = issue.message;
  }
  return fields;
}

/** The one 400 every invalid body gets: `{ error: { code: 'invalid_input', message, fields } }`. */
export function invalidInput(message: string, fields: Record<string, string> = {}): ApiError {
  return new ApiError(400, 'invalid_input', message, fields);
}

/**
 * Rejects what Hono's validator would otherwise let through or answer in its own shape: a
 * non-JSON content type (Hono silently validates `{}` instead), an oversized body, and text that
 * is not JSON. The body is read once as text; Hono's body cache then parses that same text.
 */
async function assertJsonBody(req: { header(name: string): string | undefined; text(): Promise<string> }) {
  const mediaType = (req.header('Content-Type') ?? '').split(';')[0].trim();
  if (!JSON_MEDIA_TYPE.test(mediaType)) throw invalidInput(MALFORMED_BODY_MESSAGE);
  const declared = Number(req.header('Content-Length') ?? 0);
  if (declared > MAX_JSON_BYTES) throw invalidInput(OVERSIZED_BODY_MESSAGE);
  let text: string;
  try {
    text = await req.text();
  } catch {
    throw invalidInput(MALFORMED_BODY_MESSAGE);
  }
  if (text.length > MAX_JSON_BYTES) throw invalidInput(OVERSIZED_BODY_MESSAGE);
  try {
    JSON.parse(text);
  } catch {
    throw invalidInput(MALFORMED_BODY_MESSAGE);
  }
}

/**
 * Validates the JSON body against a valibot schema, the one way every route reads a body.
 * Failures never reach the handler: they become 400 `invalid_input` with the first issue's
 * message (write SPEC copy into the schema's messages and it flows to the guest verbatim) and a
 * `fields` map of path → message. Malformed JSON, a non-JSON content type and bodies over
 * {@link MAX_JSON_BYTES} get the same shape. The handler reads the parsed, typed output with
 * `c.req.valid('json')`, and the typed RPC client (`hc<AppType>`) infers the input type.
 *
 * @example
 * const Newsletter = v.object({ email: v.pipe(v.string(), v.trim(), v.email('Please enter a valid email')) });
 * export const signupsRoutes = new Hono<AppEnv>()
 *   .post('/newsletter', jsonBody(Newsletter), async (c) => {
 *     const { email } = c.req.valid('json');
 *     // …
 *   });
 */
export function jsonBody<S extends GenericSchema | GenericSchemaAsync>(schema: S) {
  const validate = vValidator('json', schema, (result) => {
    if (!result.success) {
      const issues = result.issues as readonly BaseIssue<unknown>[];
      throw invalidInput(issues[0]?.message ?? MALFORMED_BODY_MESSAGE, issueFields(issues));
    }
  });
  // Same type as `validate`, so route handlers keep their inferred input and output types.
  return (async (c, next) => {
    await assertJsonBody(c.req);
    return validate(c, next);
  }) as typeof validate;
}
