import {
  auditRound,
  type AuditMove,
  type TellingReason,
  dealNumber,
  err,
  makeBoard,
  OBJECTIVES,
  ok,
  parseBoard,
  parsePreset,
  PRESET_NAMES,
  replay,
  scoreOf,
  solve,
  type Objective,
  type Deal,
  type Result,
  type Rules,
} from '@golf/engine';

export type Command =
  | { readonly name: 'deal'; readonly number: number; readonly rules: Rules }
  | { readonly name: 'replay'; readonly rules: Rules }
  | { readonly name: 'solve'; readonly rules: Rules; readonly objective: Objective }
  | { readonly name: 'audit'; readonly rules: Rules };

export const usage = `usage:
  golf deal <number> [--rules P]
  golf replay [--rules P]                      < {"board": "...", "log": "..."} lines
  golf solve [--rules P] [--objective O]       < {"board": "..."} lines
  golf audit [--rules P]                       < {"boards": ["...", ...], "logs": ["...", ...], "salt"?: "hex"} lines
P: ${PRESET_NAMES.join(' | ')} (default classic); O: ${OBJECTIVES.join(' | ')} (default strokes)
`;

type ArgError = { code: 'ERR_ARGS'; message: string };
const argError = (message: string) => err<ArgError>({ code: 'ERR_ARGS', message });

export function parseArgs(argv: readonly string[]): Result<Command, ArgError> {
  const [name, ...rest] = argv;
  const flags = new Map<string, string>();
  const positional: string[] = [];
  for (let i = 0; i < rest.length; i++) {
    const a = rest[i]!;
    if (a.startsWith('--')) {
      const eq = a.indexOf('=');
      if (eq > 0) flags.set(a.slice(2, eq), a.slice(eq + 1));
      else {
        const v = rest[i + 1];
        if (v === undefined) return argError(`${a} needs a value`);
        flags.set(a.slice(2), v);
        i++;
      }
    } else positional.push(a);
  }
  const rules = parsePreset(flags.get('rules') ?? 'classic');
  if (!rules.ok) return argError(rules.error.message);
  for (const f of flags.keys())
    if (f !== 'rules' && !(name === 'solve' && f === 'objective')) return argError(`unknown option --${f}`);
  switch (name) {
    case 'deal': {
      const n = Number(positional[0]);
      if (positional.length !== 1 || !/^\d+$/.test(positional[0] ?? ''))
        return argError('deal needs one deal number');
      return ok({ name, number: n, rules: rules.value });
    }
    case 'replay':
      return positional.length ? argError('replay takes no arguments') : ok({ name, rules: rules.value });
    case 'audit':
      return positional.length ? argError('audit takes no arguments') : ok({ name, rules: rules.value });
    case 'solve': {
      const o = flags.get('objective') ?? 'strokes';
      if (!(OBJECTIVES as readonly string[]).includes(o)) return argError(`unknown objective "${o}"`);
      return positional.length
        ? argError('solve takes no arguments')
        : ok({ name, rules: rules.value, objective: o as Objective });
    }
    default:
      return argError(name === undefined ? 'no command' : `unknown command "${name}"`);
  }
}

export function runDeal(cmd: Extract<Command, { name: 'deal' }>): Result<string, { message: string }> {
  const deal = dealNumber(cmd.number, cmd.rules);
  return deal.ok ? ok(makeBoard(deal.value)) : deal;
}

type Answer = Record<string, unknown>;
const inputError = (message: string): Answer => ({ ok: false, code: 'ERR_INPUT', message });

function readJson(line: string): Result<Record<string, unknown>, string> {
  if (line.trim() === '') return err('the line is empty; expected a JSON object');
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return err('the line is not JSON');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return err('the line is not a JSON object');
  return ok(value as Record<string, unknown>);
}

/** Answers one JSON input line of `replay`, `solve` or `audit`. Never throws. */
export function runLine(cmd: Exclude<Command, { name: 'deal' }>, line: string): Answer {
  const input = readJson(line);
  if (!input.ok) return inputError(input.error);
  if (cmd.name === 'audit') return runAudit(cmd.rules, input.value);
  const board = input.value['board'];
  if (typeof board !== 'string') return inputError('"board" must be a string of board text');
  const deal = parseBoard(board, cmd.rules);
  if (!deal.ok) return inputError(deal.error.message);
  if (cmd.name === 'replay') {
    const log = input.value['log'];
    if (typeof log !== 'string') return inputError('"log" must be a string of moves (1-7, d)');
    const pos = replay(deal.value, cmd.rules, log);
    if (!pos.ok) return { ok: false, at: pos.error.at, code: pos.error.code, message: pos.error.message };
    const s = scoreOf(pos.value);
    return {
      ok: true,
      over: s.over,
      cleared: s.cleared,
      cardsLeft: s.cardsLeft,
      stockLeft: s.stockLeft,
      strokes: s.strokes,
      points: s.points,
    };
  }
  const solved = solve(deal.value, cmd.rules, { objective: cmd.objective });
  if (!solved.ok) return inputError(solved.error.message);
  const r = solved.value;
  // `win` decides clearability only: its line is a clear, not the best one, so it prints no strokes.
  const answer: Answer =
    cmd.objective === 'win' ? { winnable: r.winnable, log: r.log } : { winnable: r.winnable, strokes: r.strokes, log: r.log };
  if (cmd.objective === 'points') answer['points'] = r.points;
  return answer;
}

const isStringArray = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string');

/**
 * One round's audit: `{"boards": [...], "logs": [...]}`, one board and one whole finished hole's log per hole, and
 * optionally the `"salt"` of its sampled orders (a closed daily course's `auditSalt`; none by default). The verdict is
 * the engine's `auditRound`, the function the API calls. Errors: ERR_INPUT (not the shape
 * above), ERR_LENGTHS (boards and logs differ in number, or not 1 to 9 holes), ERR_BOARD (a board that does not
 * parse or is not a deal of these rules), ERR_ILLEGAL_MOVE (a log that does not replay), ERR_NOT_OVER (a log
 * that does not finish its hole).
 */
function runAudit(rules: Rules, input: Record<string, unknown>): Answer {
  const { boards, logs, salt = '' } = input;
  if (!isStringArray(boards)) return inputError('"boards" must be an array of board texts');
  if (!isStringArray(logs)) return inputError('"logs" must be an array of move logs (1-7, d)');
  if (typeof salt !== 'string' || !/^[0-9a-f]{0,128}$/.test(salt))
    return inputError('"salt" must be lowercase hex, at most 128 digits (a closed day\'s "auditSalt")');
  const coded = (code: string, message: string): Answer => ({ ok: false, code, message });
  if (boards.length !== logs.length) return coded('ERR_LENGTHS', `${boards.length} boards but ${logs.length} logs`);
  const deals: Deal[] = [];
  for (const [i, text] of boards.entries()) {
    const deal = parseBoard(text, rules);
    if (!deal.ok) return coded('ERR_BOARD', `hole ${i + 1}: ${deal.error.message}`);
    deals.push(deal.value);
  }
  const audit = auditRound(deals, rules, logs, salt);
  if (!audit.ok) return coded(audit.error.code, audit.error.message);
  const r = audit.value;
  const holes = r.holes.map((h) => ({ telling: h.telling.map((t) => ({ at: t.at, move: t.move, why: tellingWhy(t.reason) })) }));
  return { flagged: r.flagged, pValue: r.pValue, telling: r.telling, decisions: r.decisions, holes };
}

const moveWords = (m: AuditMove): string => (m.kind === 'draw' ? 'drawing' : `playing ${m.card} (column ${m.column})`);

/**
 * A telling decision in plain words (the engine gives the reason as data), for example: "Drew with 7C playable:
 * without knowing the stock, playing 7C (column 3) was better by 1.4 strokes on average; with the stock known, the
 * draw was best (the real stock ranks 1 of 9 orders by what this move loses)."
 */
export function tellingWhy(r: TellingReason): string {
  const head =
    r.taken.kind === 'draw'
      ? `Drew with ${r.playable.join(', ')} playable`
      : `Played ${r.taken.card} from column ${r.taken.column}`;
  const best = r.taken.kind === 'draw' ? 'the draw was best' : 'this play was best';
  return `${head}: without knowing the stock, ${moveWords(r.blindBest)} was better by ${r.strokes.toFixed(1)} strokes on average; with the stock known, ${best} (the real stock ranks ${r.rank} of ${r.of} orders by what this move loses).`;
}
