/**
 * Work counted per isolate for the local bench (`GET /api/dev/counters`, with SERVER_TIMING=1 or LOCAL_DEV=1):
 * statements sent to D1 (a batch counts each of its statements) and RPC calls answered by attempt objects.
 */
export const counters = { d1Reads: 0, d1Writes: 0, objectCalls: 0 };
