/**
 * The OpenAPI 3.1 document of the public API, generated from the routes' own schemas: the validators describe the
 * requests, `describe` (routes/describe.ts) the responses. `pnpm openapi` writes it to openapi.json, which the
 * Worker serves at `GET /api/openapi.json`; a test fails when the committed file is not what this generates.
 * The development routes (`/api/dev/*`) are left out.
 */
import { generateSpecs } from 'hono-openapi';
import type { Hono } from 'hono';
import { TAGS } from './routes/describe.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any app's routes are read, whatever its env
export async function openApiDocument(app: Hono<any, any, any>): Promise<unknown> {
  const doc = await generateSpecs(app, {
    documentation: {
      info: {
        title: 'Golf Daily API',
        version: '1',
        description:
          'The daily Golf solitaire course, its attempt protocol, standings, leagues and reminders. ' +
          'Every error is `{ "error": { "code", "message" } }` with a code listed for its route and status; ' +
          'docs/api.md says what a schema cannot (the protocol, caching, limits).',
      },
      tags: Object.entries(TAGS).map(([name, description]) => ({ name, description })),
      components: {
        securitySchemes: {
          bearer: {
            type: 'http',
            scheme: 'bearer',
            description: 'The token `POST /api/players` answers (or a claim or passkey sign-in)',
          },
        },
      },
    },
    exclude: [/^\/api\/dev\//],
    excludeStaticFile: false,
    defaultValidationErrorResponse: false,
  });
  return JSON.parse(JSON.stringify(doc)) as unknown;
}
