/** Today's course date: the UTC calendar date `YYYY-MM-DD`. */
export const utcToday = (now: Date = new Date()): string => now.toISOString().slice(0, 10);
