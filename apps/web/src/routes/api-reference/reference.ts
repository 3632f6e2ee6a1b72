/**
 * The API reference page's reading of the OpenAPI document the Worker serves (`GET /api/openapi.json`): its
 * operations grouped by tag in the document's order, each with what the page shows, and a compact outline of a
 * JSON Schema for the recursive schema view. Only what the page renders is read: a document that is not an
 * OpenAPI object with `paths` is an error, anything else unexpected is left out.
 */
import { err, ok, type CodedError, type Result } from '@golf/engine';

/** A JSON Schema (2020-12) object as the document holds it, read field by field. */
export type JsonSchema = Readonly<Record<string, unknown>>;

export interface ReferenceParameter {
  readonly name: string;
  readonly in: string;
  readonly required: boolean;
  readonly description: string | null;
  readonly schema: JsonSchema | null;
}

export interface ReferenceHeader {
  readonly name: string;
  readonly required: boolean;
  readonly description: string | null;
  readonly schema: JsonSchema | null;
}

export interface ReferenceResponse {
  readonly status: string;
  readonly description: string;
  readonly headers: readonly ReferenceHeader[];
  readonly schema: JsonSchema | null;
}

export interface ReferenceOperation {
  /** The operation id, also the page's anchor for it. */
  readonly id: string;
  readonly method: string;
  readonly path: string;
  readonly summary: string;
  readonly description: string | null;
  /** The security schemes it takes (empty: sent without credentials). */
  readonly security: readonly string[];
  readonly parameters: readonly ReferenceParameter[];
  readonly body: { readonly required: boolean; readonly schema: JsonSchema | null } | null;
  readonly responses: readonly ReferenceResponse[];
}

export interface ReferenceTag {
  readonly name: string;
  readonly description: string | null;
  readonly operations: readonly ReferenceOperation[];
}

export interface ApiReference {
  readonly title: string;
  readonly version: string;
  readonly description: string | null;
  readonly securitySchemes: readonly { readonly name: string; readonly description: string | null }[];
  readonly tags: readonly ReferenceTag[];
  /** The named schemas (`components.schemas`), in the document's order. */
  readonly schemas: readonly { readonly name: string; readonly schema: JsonSchema }[];
}

export type ReferenceError = CodedError<'ERR_DOCUMENT'>;

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
const SCHEMA_REF = '#/components/schemas/';

const isObject = (v: unknown): v is JsonSchema => typeof v === 'object' && v !== null && !Array.isArray(v);
const objectOf = (v: unknown): JsonSchema => (isObject(v) ? v : {});
const textOf = (v: unknown): string | null => (typeof v === 'string' && v.length > 0 ? v : null);
const entriesOf = (v: unknown): [string, unknown][] => Object.entries(objectOf(v));

/** The JSON body's schema of a request body or response (`content['application/json'].schema`). */
const jsonSchemaOf = (holder: unknown): JsonSchema | null => {
  const schema = objectOf(objectOf(objectOf(holder).content)['application/json']).schema;
  return isObject(schema) ? schema : null;
};

/** The name of a component schema a `$ref` points to, or null. */
export function refName(schema: JsonSchema): string | null {
  const ref = schema.$ref;
  return typeof ref === 'string' && ref.startsWith(SCHEMA_REF) ? ref.slice(SCHEMA_REF.length) : null;
}

/** The page's anchor for a named schema. */
export const schemaAnchor = (name: string): string => `schema-${name}`;

function readOperation(path: string, method: string, raw: JsonSchema): ReferenceOperation {
  const security = Array.isArray(raw.security)
    ? raw.security.flatMap((requirement: unknown) => Object.keys(objectOf(requirement)))
    : [];
  const parameters = (Array.isArray(raw.parameters) ? raw.parameters : []).filter(isObject).map((p) => ({
    name: textOf(p.name) ?? '',
    in: textOf(p.in) ?? '',
    required: p.required === true,
    description: textOf(p.description),
    schema: isObject(p.schema) ? p.schema : null,
  }));
  const body = isObject(raw.requestBody)
    ? { required: raw.requestBody.required === true, schema: jsonSchemaOf(raw.requestBody) }
    : null;
  const responses = entriesOf(raw.responses).map(([status, r]) => ({
    status,
    description: textOf(objectOf(r).description) ?? '',
    headers: entriesOf(objectOf(r).headers).map(([name, h]) => ({
      name,
      required: objectOf(h).required === true,
      description: textOf(objectOf(h).description),
      schema: isObject(objectOf(h).schema) ? (objectOf(h).schema as JsonSchema) : null,
    })),
    schema: jsonSchemaOf(r),
  }));
  return {
    id: textOf(raw.operationId) ?? `${method}-${path}`,
    method: method.toUpperCase(),
    path,
    summary: textOf(raw.summary) ?? '',
    description: textOf(raw.description),
    security,
    parameters,
    body,
    responses,
  };
}

/** Reads the document: its tags in the order it lists them (then any it does not list), each with its operations. */
export function readReference(raw: unknown): Result<ApiReference, ReferenceError> {
  if (!isObject(raw) || typeof raw.openapi !== 'string' || !isObject(raw.paths))
    return err({ code: 'ERR_DOCUMENT', message: 'not an OpenAPI document' });
  const info = objectOf(raw.info);
  const tags = new Map<string, { description: string | null; operations: ReferenceOperation[] }>();
  for (const t of Array.isArray(raw.tags) ? raw.tags : []) {
    const name = textOf(objectOf(t).name);
    if (name !== null) tags.set(name, { description: textOf(objectOf(t).description), operations: [] });
  }
  for (const [path, item] of entriesOf(raw.paths)) {
    for (const method of METHODS) {
      const op = objectOf(item)[method];
      if (!isObject(op)) continue;
      const tag = (Array.isArray(op.tags) ? textOf(op.tags[0]) : null) ?? 'other';
      if (!tags.has(tag)) tags.set(tag, { description: null, operations: [] });
      tags.get(tag)!.operations.push(readOperation(path, method, op));
    }
  }
  const components = objectOf(raw.components);
  return ok({
    title: textOf(info.title) ?? 'API',
    version: textOf(info.version) ?? '',
    description: textOf(info.description),
    securitySchemes: entriesOf(components.securitySchemes).map(([name, s]) => ({
      name,
      description: textOf(objectOf(s).description),
    })),
    tags: [...tags]
      .filter(([, t]) => t.operations.length > 0)
      .map(([name, t]) => ({ name, description: t.description, operations: t.operations })),
    schemas: entriesOf(components.schemas)
      .filter((e): e is [string, JsonSchema] => isObject(e[1]))
      .map(([name, schema]) => ({ name, schema })),
  });
}

/** A schema, outlined for the compact view: a named schema, an object's fields, an array, a union or a value. */
export type SchemaOutline =
  | { readonly kind: 'ref'; readonly name: string; readonly notes: readonly string[] }
  | {
      readonly kind: 'object';
      readonly fields: readonly {
        readonly name: string;
        readonly required: boolean;
        readonly schema: JsonSchema;
      }[];
      /** The schema of any further keys (a map), or null when none are allowed or said. */
      readonly rest: JsonSchema | null;
      readonly notes: readonly string[];
    }
  | { readonly kind: 'array'; readonly items: JsonSchema | null; readonly notes: readonly string[] }
  | { readonly kind: 'union'; readonly options: readonly JsonSchema[]; readonly notes: readonly string[] }
  | { readonly kind: 'tuple'; readonly items: readonly JsonSchema[]; readonly notes: readonly string[] }
  | { readonly kind: 'value'; readonly type: string; readonly notes: readonly string[] };

const shown = (v: unknown): string => (typeof v === 'string' ? v : JSON.stringify(v));
/** Bounds beyond which a number's limit says nothing (zod's safe-integer range). */
const isSafeBound = (v: unknown): v is number =>
  typeof v === 'number' && Math.abs(v) < Number.MAX_SAFE_INTEGER;

/** The constraints and hints of a schema, in words: enum, const, format, bounds, lengths, pattern, example. */
function notesOf(s: JsonSchema): string[] {
  const notes: string[] = [];
  if (Array.isArray(s.enum)) notes.push(`one of ${s.enum.map(shown).join(', ')}`);
  if (s.const !== undefined) notes.push(`always ${shown(s.const)}`);
  if (typeof s.format === 'string') notes.push(s.format);
  if (isSafeBound(s.minimum) && isSafeBound(s.maximum)) notes.push(`${s.minimum} to ${s.maximum}`);
  else if (isSafeBound(s.minimum)) notes.push(`at least ${s.minimum}`);
  else if (isSafeBound(s.maximum)) notes.push(`at most ${s.maximum}`);
  if (typeof s.minLength === 'number' && typeof s.maxLength === 'number')
    notes.push(`${s.minLength} to ${s.maxLength} characters`);
  else if (typeof s.maxLength === 'number') notes.push(`at most ${s.maxLength} characters`);
  else if (typeof s.minLength === 'number') notes.push(`at least ${s.minLength} characters`);
  if (typeof s.maxItems === 'number') notes.push(`at most ${s.maxItems} items`);
  if (typeof s.pattern === 'string') notes.push(`matches ${s.pattern}`);
  if (s.readOnly === true) notes.push('read-only');
  const example = s.example ?? (Array.isArray(s.examples) ? s.examples[0] : undefined);
  if (example !== undefined && s.const === undefined) notes.push(`e.g. ${shown(example)}`);
  return notes;
}

export function outline(s: JsonSchema): SchemaOutline {
  const notes = notesOf(s);
  const name = refName(s);
  if (name !== null) return { kind: 'ref', name, notes };
  const options = Array.isArray(s.anyOf) ? s.anyOf : Array.isArray(s.oneOf) ? s.oneOf : null;
  if (options !== null) return { kind: 'union', options: options.filter(isObject), notes };
  const types = Array.isArray(s.type) ? s.type.map(String) : typeof s.type === 'string' ? [s.type] : [];
  if (types.includes('object') || isObject(s.properties)) {
    const required = new Set(Array.isArray(s.required) ? s.required.map(String) : []);
    const fields = entriesOf(s.properties)
      .filter((e): e is [string, JsonSchema] => isObject(e[1]))
      .map(([field, schema]) => ({ name: field, required: required.has(field), schema }));
    const rest = isObject(s.additionalProperties) ? s.additionalProperties : null;
    return { kind: 'object', fields, rest, notes: types.includes('null') ? ['or null', ...notes] : notes };
  }
  if (Array.isArray(s.prefixItems)) return { kind: 'tuple', items: s.prefixItems.filter(isObject), notes };
  if (types.includes('array'))
    return {
      kind: 'array',
      items: isObject(s.items) ? s.items : null,
      notes: types.includes('null') ? ['or null', ...notes] : notes,
    };
  return { kind: 'value', type: types.length > 0 ? types.join(' or ') : 'any', notes };
}

/** A piece of a description: plain text, or a code span (the document writes code between backticks). */
export interface TextPiece {
  readonly code: boolean;
  readonly text: string;
}

/** A description's plain text and code spans, in order; an unmatched backtick is kept as text. */
export function textPieces(text: string): TextPiece[] {
  const pieces: TextPiece[] = [];
  let rest = text;
  for (let open = rest.indexOf('`'); open >= 0; open = rest.indexOf('`')) {
    const close = rest.indexOf('`', open + 1);
    if (close < 0) break;
    if (open > 0) pieces.push({ code: false, text: rest.slice(0, open) });
    pieces.push({ code: true, text: rest.slice(open + 1, close) });
    rest = rest.slice(close + 1);
  }
  if (rest !== '') pieces.push({ code: false, text: rest });
  return pieces;
}
