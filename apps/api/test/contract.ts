/**
 * Every answer a test receives, checked against the OpenAPI document (openapi.json): its status must be one the
 * operation documents, its body valid against that status's schema (strict objects: no field missing or extra),
 * and the headers it documents present. @cfworker/json-schema runs inside workerd (it compiles nothing).
 */
import { Validator } from '@cfworker/json-schema';
import document from '../openapi.json' with { type: 'json' };

interface Media {
  readonly schema?: object;
}
interface ResponseDoc {
  readonly headers?: Readonly<Record<string, { readonly required?: boolean }>>;
  readonly content?: Readonly<Record<string, Media>>;
}
interface Operation {
  readonly operationId: string;
  readonly responses: Readonly<Record<string, ResponseDoc>>;
}

const paths = document.paths as unknown as Readonly<Record<string, Readonly<Record<string, Operation>>>>;

/** The document's path templates as patterns, literal segments before parameters (`/me` before `/{id}`). */
const TEMPLATES = Object.keys(paths)
  .map((template) => ({
    template,
    params: (template.match(/\{/g) ?? []).length,
    pattern: new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}/?$`),
  }))
  .sort((a, b) => a.params - b.params);

export interface Operated {
  readonly template: string;
  readonly method: string;
  readonly operation: Operation;
}

/** The documented operation that `method path` calls, or null (an unknown route, or a development one). */
export function operationOf(method: string, path: string): Operated | null {
  const bare = new URL(path, 'http://localhost').pathname;
  const m = method.toLowerCase();
  for (const { template, pattern } of TEMPLATES) {
    const operation = paths[template]?.[m];
    if (operation !== undefined && pattern.test(bare)) return { template, method: m, operation };
  }
  return null;
}

const pointer = (...parts: string[]) =>
  `#/${parts.map((p) => p.replaceAll('~', '~0').replaceAll('/', '~1')).join('/')}`;

const validators = new Map<string, Validator>();

function validatorOf(template: string, method: string, status: string): Validator {
  const ref = pointer(
    'paths',
    template,
    method,
    'responses',
    status,
    'content',
    'application/json',
    'schema',
  );
  let validator = validators.get(ref);
  if (validator === undefined) {
    validator = new Validator(
      { $ref: ref, paths: document.paths, components: document.components } as never,
      '2020-12',
      false,
    );
    validators.set(ref, validator);
  }
  return validator;
}

/** Any error answer outside the documented operations (an unknown route): still the error shape. */
const ERROR_SHAPE = new Validator({
  type: 'object',
  required: ['error'],
  additionalProperties: false,
  properties: {
    error: {
      type: 'object',
      required: ['code', 'message'],
      additionalProperties: false,
      properties: { code: { type: 'string', pattern: '^ERR_' }, message: { type: 'string' } },
    },
  },
});

/** What is wrong with this answer to `method path` by the document; empty when nothing is. */
export function contractErrors(
  method: string,
  path: string,
  status: number,
  headers: Headers,
  text: string,
): string[] {
  if (new URL(path, 'http://localhost').pathname.startsWith('/api/dev/')) return [];
  const found = operationOf(method, path);
  let body: unknown;
  try {
    body = text === '' ? undefined : JSON.parse(text);
  } catch {
    return [`${status} body is not JSON: ${text.slice(0, 80)}`];
  }
  if (found === null) {
    if (status < 400) return [`${method} ${path} answered ${status} but is no documented operation`];
    return ERROR_SHAPE.validate(body).valid
      ? []
      : [`${status} is not the error shape: ${text.slice(0, 200)}`];
  }
  const { template, operation } = found;
  const where = `${operation.operationId} (${method} ${template})`;
  const response = operation.responses[String(status)];
  if (response === undefined)
    return [
      `${where}: status ${status} is not documented (${Object.keys(operation.responses).join(', ')}): ${text.slice(0, 200)}`,
    ];
  const problems: string[] = [];
  for (const [name, header] of Object.entries(response.headers ?? {}))
    if (header.required && !headers.has(name)) problems.push(`${where} ${status}: no ${name} header`);
  const media = response.content?.['application/json'];
  if (media === undefined) {
    if (text !== '' && template !== '/api/openapi.json')
      problems.push(`${where} ${status}: a body where none is documented`);
    return problems;
  }
  if (media.schema === undefined) return problems;
  const result = validatorOf(template, found.method, String(status)).validate(body);
  if (!result.valid) {
    const detail = result.errors
      .filter((e) => e.keyword !== '$ref' && e.keyword !== 'properties' && e.keyword !== 'items')
      .slice(0, 4)
      .map((e) => `${e.instanceLocation}: ${e.error}`)
      .join('; ');
    problems.push(
      `${where} ${status}: the body is not the documented schema: ${detail} in ${text.slice(0, 300)}`,
    );
  }
  return problems;
}

/** Throws when the answer is not what the document says (a test then fails with the reasons). */
export async function checkAnswer(method: string, path: string, res: Response): Promise<void> {
  const problems = contractErrors(method, path, res.status, res.headers, await res.clone().text());
  if (problems.length > 0) throw new Error(`not the documented contract:\n${problems.join('\n')}`);
}
