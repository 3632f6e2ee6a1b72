/**
 * Requests drawn from the OpenAPI document (openapi.json): for each operation, its path, query and body drawn from
 * its own parameter and body schemas, valid or deliberately broken (wrong types, missing and extra fields, odd
 * strings, invalid UTF-8, other content types, odd path and query values), with or without a token. Used by the
 * fuzz test (test/fuzz.test.ts, a few hundred requests) and `pnpm bench:fuzz` (100,000 and more, in Node).
 */
import fc from 'fast-check';
import document from '../openapi.json' with { type: 'json' };

type Schema = {
  readonly type?: string | readonly string[];
  readonly properties?: Readonly<Record<string, Schema>>;
  readonly required?: readonly string[];
  readonly items?: Schema;
  readonly prefixItems?: readonly Schema[];
  readonly enum?: readonly unknown[];
  readonly const?: unknown;
  readonly pattern?: string;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly anyOf?: readonly Schema[];
  readonly oneOf?: readonly Schema[];
  readonly $ref?: string;
  readonly additionalProperties?: boolean | Schema;
};

interface Parameter {
  readonly in: 'path' | 'query' | 'header';
  readonly name: string;
  readonly required?: boolean;
  readonly schema: Schema;
}

interface OperationDoc {
  readonly operationId: string;
  readonly parameters?: readonly Parameter[];
  readonly requestBody?: { readonly content: Readonly<Record<string, { readonly schema: Schema }>> };
  readonly security?: readonly object[];
}

export interface FuzzRequest {
  readonly operationId: string;
  readonly method: string;
  readonly path: string;
  readonly headers: Record<string, string>;
  readonly body?: Uint8Array;
  /** Use the fuzzing player's real token (else none, or the one in `headers`). */
  readonly withToken: boolean;
}

const components = (document.components as unknown as { schemas: Record<string, Schema> }).schemas;
const deref = (s: Schema): Schema => (s.$ref ? deref(components[s.$ref.split('/').pop()!]!) : s);

/** Odd strings: empty, huge, control characters, lone surrogates, path tricks, numbers as text, emoji. */
const oddString = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '0',
    '-1',
    '1e3',
    'null',
    'true',
    '../..',
    '%00',
    '\u0000',
    '\ud800',
    '💥',
    'a'.repeat(300),
  ),
  fc.string({ maxLength: 20 }),
  fc.string({ unit: 'binary', maxLength: 12 }),
);

const oddValue: fc.Arbitrary<unknown> = fc.oneof(
  oddString,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 4 }), fc.integer(), { maxKeys: 2 }),
);

/** A value of `schema` (mostly valid: patterns and bounds are honoured where the schema says them). */
export function valueOf(raw: Schema, depth = 0): fc.Arbitrary<unknown> {
  const s = deref(raw);
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  const union = s.anyOf ?? s.oneOf;
  if (union) return fc.oneof(...union.map((u) => valueOf(u, depth + 1)));
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  switch (type) {
    case 'string':
      if (s.pattern) return fc.stringMatching(new RegExp(s.pattern), { maxLength: s.maxLength ?? 60 });
      return fc.string({ minLength: s.minLength ?? 0, maxLength: Math.min(s.maxLength ?? 40, 40) });
    case 'integer':
      return fc.integer({ min: Math.max(s.minimum ?? -1000, -1e6), max: Math.min(s.maximum ?? 1000, 1e6) });
    case 'number':
      return fc.double({ min: s.minimum ?? -1e6, max: s.maximum ?? 1e6, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      if (s.prefixItems) return fc.tuple(...s.prefixItems.map((p) => valueOf(p, depth + 1)));
      return depth > 4 ? fc.constant([]) : fc.array(valueOf(s.items ?? {}, depth + 1), { maxLength: 4 });
    case 'object': {
      if (depth > 4) return fc.constant({});
      const props = s.properties ?? {};
      const required = new Set(s.required ?? []);
      return fc.record(
        Object.fromEntries(Object.entries(props).map(([k, v]) => [k, valueOf(v, depth + 1)])),
        { requiredKeys: Object.keys(props).filter((k) => required.has(k)) },
      );
    }
    default:
      return oddValue;
  }
}

/** A body broken on purpose: a field dropped, one added, one of the wrong type, or not an object at all. */
function brokenOf(schema: Schema): fc.Arbitrary<unknown> {
  return fc.oneof(
    valueOf(schema).map((v) => (typeof v === 'object' && v !== null ? { ...v, extra: 1 } : v)),
    valueOf(schema).chain((v) => {
      const keys = typeof v === 'object' && v !== null ? Object.keys(v) : [];
      if (keys.length === 0) return fc.constant(v);
      return fc.tuple(fc.constantFrom(...keys), fc.boolean(), oddValue).map(([key, drop, odd]) => {
        const copy = { ...(v as Record<string, unknown>) };
        if (drop) delete copy[key];
        else copy[key] = odd;
        return copy;
      });
    }),
    oddValue,
  );
}

const encoder = new TextEncoder();

/** Percent-encoding; a lone surrogate (which has none) goes as the bytes of one, which are not UTF-8. */
const encode = (text: string): string => {
  try {
    return encodeURIComponent(text);
  } catch {
    return '%ED%A0%80';
  }
};

/** A body as bytes: JSON of a valid or broken value, broken JSON, or bytes that are not UTF-8. */
function bodyOf(schema: Schema): fc.Arbitrary<{ bytes: Uint8Array; type: string | undefined }> {
  const type = fc.oneof(
    { weight: 8, arbitrary: fc.constant('application/json') },
    fc.constantFrom(
      undefined,
      'text/plain',
      'application/json; charset=latin1',
      'multipart/form-data; boundary=x',
    ),
  );
  const bytes = fc.oneof(
    { weight: 4, arbitrary: valueOf(schema).map((v) => encoder.encode(JSON.stringify(v))) },
    { weight: 3, arbitrary: brokenOf(schema).map((v) => encoder.encode(JSON.stringify(v) ?? 'undefined')) },
    fc.constantFrom('{', '{"a":', '[]', '', 'null', '"\\ud800"').map((t) => encoder.encode(t)),
    fc.uint8Array({ maxLength: 24 }).map((b) => Uint8Array.from([0x7b, 0x22, 0xff, 0xfe, ...b])),
  );
  return fc.record({ bytes, type });
}

/** Values a schema's refinements ask for that a draw from its JSON Schema would seldom hit. */
const LIKELY: Readonly<Record<string, readonly string[]>> = {
  date: ['2026-06-15', '2026-06-14', '2026-06-16', '2026-02-29', '2026-13-01', '1999-01-01'],
  hole: ['1', '2', '9', '10', '0', '01', '1.0'],
  limit: ['1', '100', '101', '0', '-1'],
  offset: ['0', '9999999', '10000000'],
};

/** A path or query value: valid for its schema, or odd (and percent-encoded either way). */
const paramOf = (p: Parameter) =>
  fc
    .oneof(
      { weight: 3, arbitrary: valueOf(p.schema).map(String) },
      { weight: LIKELY[p.name] ? 4 : 0, arbitrary: fc.constantFrom(...(LIKELY[p.name] ?? [''])) },
      oddString,
    )
    .map(encode);

interface Operation {
  readonly operationId: string;
  readonly method: string;
  readonly template: string;
  readonly doc: OperationDoc;
}

/** Every operation of the document (the document itself excepted: it has no input). */
export const OPERATIONS: readonly Operation[] = Object.entries(
  document.paths as unknown as Record<string, Record<string, OperationDoc>>,
).flatMap(([template, methods]) =>
  Object.entries(methods).map(([method, doc]) => ({ operationId: doc.operationId, method, template, doc })),
);

/** Requests for `operation`, valid and broken. */
export function requestOf(op: Operation): fc.Arbitrary<FuzzRequest> {
  const params = op.doc.parameters ?? [];
  const path = params.filter((p) => p.in === 'path');
  const query = params.filter((p) => p.in === 'query');
  const body = op.doc.requestBody?.content['application/json']?.schema;
  return fc
    .record({
      path: fc.tuple(...path.map(paramOf)),
      query: fc.tuple(...query.map((p) => fc.option(paramOf(p), { nil: undefined }))),
      extraQuery: fc.option(fc.tuple(oddString, oddString), { freq: 5, nil: undefined }),
      body:
        body === undefined ? fc.constant(undefined) : fc.option(bodyOf(body), { freq: 10, nil: undefined }),
      token: fc.oneof(
        { weight: 6, arbitrary: fc.constant<'real' | string | undefined>('real') },
        fc.constantFrom(undefined, 'Bearer nope', 'Bearer ', 'Basic abc', 'bearer x.y.z'),
      ),
    })
    .map((r) => {
      let i = 0;
      const url = op.template.replace(/\{[^}]+\}/g, () => r.path[i++] ?? 'x');
      const pairs = query.flatMap((p, j) => (r.query[j] === undefined ? [] : [`${p.name}=${r.query[j]}`]));
      if (r.extraQuery) pairs.push(`${encode(r.extraQuery[0])}=${encode(r.extraQuery[1])}`);
      const headers: Record<string, string> = {};
      if (r.token !== undefined && r.token !== 'real') headers.authorization = r.token;
      if (r.body?.type !== undefined) headers['content-type'] = r.body.type;
      return {
        operationId: op.operationId,
        method: op.method.toUpperCase(),
        path: pairs.length > 0 ? `${url}?${pairs.join('&')}` : url,
        headers,
        ...(r.body === undefined ? {} : { body: r.body.bytes }),
        withToken: r.token === 'real',
      };
    });
}

/** A request to any operation. */
export const anyRequest: fc.Arbitrary<FuzzRequest> = fc.oneof(...OPERATIONS.map(requestOf));
