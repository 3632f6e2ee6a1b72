/**
 * Work counted per isolate for the local bench (`GET /api/dev/counters`, with SERVER_TIMING=1 or LOCAL_DEV=1):
 * statements sent to D1 (a batch counts each of its statements), RPC calls answered by attempt objects, and the
 * most rows one D1 statement read and wrote (D1's own `meta.rows_read` / `meta.rows_written`), with its SQL.
 */
export const counters = {
  d1Reads: 0,
  d1Writes: 0,
  objectCalls: 0,
  maxRowsRead: 0,
  maxRowsWritten: 0,
  maxRowsSql: '',
};

/** Notes one statement's rows read and written (its D1 `meta`). */
export function noteRows(sql: string, meta: { rows_read?: number; rows_written?: number } | undefined): void {
  const read = meta?.rows_read ?? 0;
  const written = meta?.rows_written ?? 0;
  if (Math.max(read, written) > Math.max(counters.maxRowsRead, counters.maxRowsWritten))
    counters.maxRowsSql = sql.replace(/\s+/g, ' ').slice(0, 200);
  counters.maxRowsRead = Math.max(counters.maxRowsRead, read);
  counters.maxRowsWritten = Math.max(counters.maxRowsWritten, written);
}

/** Starts the row maxima afresh (the bench measures one close). */
export function resetRowMaxima(): void {
  counters.maxRowsRead = 0;
  counters.maxRowsWritten = 0;
  counters.maxRowsSql = '';
}
