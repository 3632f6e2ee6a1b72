export { type Result, type CodedError, ok, err } from './result.ts';
export {
  type Card,
  type Rank,
  RANKS,
  SUITS,
  ACE,
  QUEEN,
  KING,
  DECK_SIZE,
  rankOf,
  suitOf,
  isCard,
  makeCard,
  parseCard,
  orderedDeck,
} from './card.ts';
export {
  type Rules,
  type Opening,
  type PresetName,
  PRESET_NAMES,
  PRESETS,
  isPresetName,
  parsePreset,
  presetOf,
  stockSize,
  rankFits,
  fits,
} from './rules.ts';
export { splitmix32, Xoshiro128, shuffleInPlace } from './rng.ts';
export {
  type Deal,
  type Deck,
  type DealError,
  type GeneratorVersion,
  GENERATOR_VERSION,
  GENERATOR_VERSIONS,
  COLUMNS,
  COLUMN_HEIGHT,
  BOARD_CARDS,
  MAX_DEAL_NUMBER,
  COURSE_HOLES,
  dealFromDeck,
  deckFromDeal,
  dealNumberDeck,
  dealNumber,
  courseDecks,
  validateDeal,
} from './deal.ts';
export {
  type Move,
  type Position,
  type MoveError,
  type MoveErrorCode,
  type LogError,
  DRAW,
  play,
  startPosition,
  exposed,
  cardsLeft,
  stockLeft,
  isCleared,
  canPlay,
  playableColumns,
  isOver,
  legalMoves,
  applyMove,
  parseMove,
  makeMove,
  parseLog,
  makeLog,
  replay,
  MAX_LOG_LENGTH,
  LOG_PATTERN,
  countDraws,
  logThroughDraw,
  RUN_CARD_POINTS,
  EMPTY_COLUMN_BONUS,
  CLEAR_BONUS,
} from './game.ts';
export {
  type HoleScore,
  type Scoring,
  SCORINGS,
  PAR_PER_HOLE,
  HOLES_PER_MATCH,
  MATCH_PAR,
  scoreOf,
  matchTotal,
  toPar,
  holeWord,
} from './score.ts';
export { type Layout, standInDeal, shownDeal } from './shown.ts';
export { wastePile } from './waste.ts';
export { type BoardError, parseBoard, makeBoard } from './board-text.ts';
export { type Objective, type SolveOptions, type SolveResult, OBJECTIVES, Solver, solve } from './solve.ts';
export { type Verdict, type PostMortem, type PostMortemOptions, postMortem } from './post-mortem.ts';
export { type RunPlan, type CoachMove, type CoachAdvice, type CoachOptions, planRun, coach } from './hint.ts';
export {
  type HoleAudit,
  type RoundAudit,
  type TellingDecision,
  type TellingReason,
  type AuditMove,
  type AuditError,
  type AuditErrorCode,
} from './audit-verdict.ts';
export { AUDIT_VERSION, AUDIT_ALPHA, AUDIT_PARTS, AUDIT_CAPITALS } from './audit-settings.ts';
export { auditHole, combineAudit, auditRound } from './audit.ts';
