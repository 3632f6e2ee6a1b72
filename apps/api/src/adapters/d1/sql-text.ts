/**
 * A statement with its `?N` parameters written in as SQL literals, for the one place that cannot bind them:
 * `wrangler d1 execute --command` in scripts/check-stored-names.ts. Text is quoted (quotes doubled), numbers are
 * written as integers, null as NULL; anything else is refused.
 */
export function inlineSql(sql: string, values: readonly (string | number | null)[]): string {
  return sql.replace(/\?(\d+)/g, (_, n: string) => {
    const i = Number(n) - 1;
    if (i < 0 || i >= values.length) throw new RangeError(`no value for ?${n}`);
    const v = values[i]!;
    if (v === null) return 'NULL';
    if (typeof v === 'number') {
      if (!Number.isSafeInteger(v)) throw new RangeError(`not an integer: ${v}`);
      return String(v);
    }
    return `'${v.replaceAll("'", "''")}'`;
  });
}
