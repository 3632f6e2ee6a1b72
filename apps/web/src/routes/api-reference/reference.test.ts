import { describe, expect, it } from 'vitest';
import document from '../../../../api/openapi.json' with { type: 'json' };
import { outline, readReference, refName, textPieces } from './reference.ts';

describe('readReference', () => {
  const read = readReference(document);
  if (!read.ok) throw new Error(read.error.message);
  const reference = read.value;
  const operations = reference.tags.flatMap((t) => t.operations);

  it('keeps every operation of the document once, grouped by its tag in the document order', () => {
    const inDocument = Object.values(document.paths).flatMap((item) => Object.keys(item)).length;
    expect(operations).toHaveLength(inDocument);
    expect(new Set(operations.map((op) => op.id)).size).toBe(inDocument);
    expect(reference.tags.map((t) => t.name)).toEqual(document.tags.map((t) => t.name));
  });

  it('reads an operation: method, path, security, parameters, body and every status with its schema', () => {
    const draw = operations.find((op) => op.path === '/api/daily/{date}/attempt/draw');
    expect(draw).toMatchObject({ method: 'POST', security: ['bearer'] });
    expect(draw?.parameters.map((p) => [p.in, p.name, p.required])).toEqual([['path', 'date', true]]);
    expect(draw?.body?.required).toBe(true);
    const ok = draw?.responses.find((r) => r.status === '200');
    expect(ok?.schema && refName(ok.schema)).toBe('DrawView');
    expect(ok?.headers.map((h) => h.name)).toContain('Cache-Control');
    expect(draw?.responses.map((r) => r.status)).toContain('409');
  });

  it('lists the named schemas and the bearer scheme', () => {
    expect(reference.schemas.map((s) => s.name)).toContain('CourseView');
    expect(reference.securitySchemes.map((s) => s.name)).toEqual(['bearer']);
  });

  it('fails on anything that is not an OpenAPI document', () => {
    expect(readReference({ paths: {} }).ok).toBe(false);
    expect(readReference(null).ok).toBe(false);
  });
});

describe('outline', () => {
  it('outlines references, objects, arrays, unions, tuples and values with their constraints', () => {
    expect(outline({ $ref: '#/components/schemas/HoleView' })).toMatchObject({
      kind: 'ref',
      name: 'HoleView',
    });
    const object = outline({
      type: 'object',
      properties: { hole: { type: 'integer', minimum: 1, maximum: 9 }, log: { type: 'string' } },
      required: ['hole'],
    });
    expect(object).toMatchObject({
      kind: 'object',
      fields: [
        { name: 'hole', required: true },
        { name: 'log', required: false },
      ],
    });
    expect(outline({ type: 'integer', minimum: 1, maximum: 9 }).notes).toEqual(['1 to 9']);
    expect(outline({ type: 'integer', minimum: 0, maximum: Number.MAX_SAFE_INTEGER }).notes).toEqual([
      'at least 0',
    ]);
    expect(outline({ type: 'string', enum: ['week', 'month'] })).toEqual({
      kind: 'value',
      type: 'string',
      notes: ['one of week, month'],
    });
    expect(outline({ type: 'array', items: { type: 'string' } })).toMatchObject({ kind: 'array' });
    expect(outline({ anyOf: [{ type: 'string' }, { type: 'null' }] })).toMatchObject({ kind: 'union' });
    expect(outline({ type: 'array', prefixItems: [{ type: 'integer' }, { type: 'integer' }] })).toMatchObject(
      {
        kind: 'tuple',
      },
    );
  });
});

describe('textPieces', () => {
  it('splits a description into text and code spans, in order', () => {
    expect(textPieces('the log so far, ending with the new `d`')).toEqual([
      { code: false, text: 'the log so far, ending with the new ' },
      { code: true, text: 'd' },
    ]);
    expect(textPieces('`POST /api/players` answers (or `a`)')).toEqual([
      { code: true, text: 'POST /api/players' },
      { code: false, text: ' answers (or ' },
      { code: true, text: 'a' },
      { code: false, text: ')' },
    ]);
  });

  it('keeps an unmatched backtick and plain text as they are', () => {
    expect(textPieces('no code')).toEqual([{ code: false, text: 'no code' }]);
    expect(textPieces('a ` alone')).toEqual([{ code: false, text: 'a ` alone' }]);
    expect(textPieces('')).toEqual([]);
  });
});
