import { createWorker } from './handlers.ts';

/** The Worker: its handlers (src/handlers.ts) and the AttemptObject class. */
export { AttemptObject } from './attempt-object/object.ts';
export { createWorker };

export default createWorker();
