#!/bin/sh
# The browser of the e2e tests when E2E_NICE is set (`pnpm test` sets it: scripts/test.mjs): lowers the scheduling
# weight of the browser's group to that nice value, then runs E2E_BROWSER with the arguments Playwright gave.
#
# Why: Playwright starts each browser in a session of its own, and Linux schedules each session as one group
# (autogroup, sched(7)), sharing the processor between groups. The four browsers of the e2e workers would take four
# shares against one for everything else `pnpm test` runs beside them. Where /proc has no autogroup file, the
# browser runs as it is.
if [ -n "${E2E_NICE:-}" ] && [ -w /proc/self/autogroup ]; then
  echo "${E2E_NICE}" > /proc/self/autogroup 2>/dev/null || true
fi
exec "${E2E_BROWSER:?E2E_BROWSER names the browser to run}" "$@"
