/** What the bench scripts share: their `--name value` options and the process's CPU clock. */

/** The value after `--name` on the command line, if it is there. */
export function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

/** CPU milliseconds this process has used so far (user and system). */
export const cpuMs = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
