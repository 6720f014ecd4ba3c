// The engine's public surface: what the server, the web app, the command line, the bench and the
// browser tests use. Every name is listed on purpose; anything not here is internal and may change
// without notice. Two more entry points exist: `@card-counter/engine/sim/node` (the simulator
// pool on worker_threads, node/sim-pool.ts) and `@card-counter/engine/sim/web` (on Web Workers,
// src/sim/web/pool.ts). Everything reachable from here runs in a browser.
//
// Adding a name: export it here by name, in its area, and say in packages/engine/README.md what
// it is for when it is a new kind of thing. Tests inside the package may import internals by path.

// Rules of the table: the type, the defaults, their limits and validation.
export { DEFAULT_RULES, RULE_LIMITS, RulesError, parseRules, validateRules, type DoubleDownRestriction, type EarlySurrender, type NoHoleCardLosses, type Rules } from './rules.ts';
// Rule questions the table and the coach ask the same way (decision record 0050).
export { earlySurrenderVs, evenMoneyOffered, surrenderAtTurn, surrenderBeforePeek, surrenderOffered } from './rules.ts';
// Which bets the rules can pay exactly in whole credits (decision record 0045).
export { BET_STEP_MAX, betStepFor, betStepMessage, isBetPayable, type PayoutRules } from './bet-step.ts';

// Cards. Card values are numbers: ACE (1), 2..9, TEN (10 for 10, J, Q, K).
export { ACE, RANKS, SUITS, TEN, cardFromCode, cardLabel, cardValue, handTotal, parseCard, type Card, type CardValue, type HandTotal, type Rank, type Suit } from './cards.ts';

// Random sources: Web Crypto for play, seeded streams for tests and the simulator.
export { cryptoRng, randomFloat, seededRng, type Rng, type Seed } from './rng.ts';

// The shoe and its commitment: published before the first card, opened when the shoe is replaced.
export {
  cardsRemaining,
  createShoe,
  dealtCodes,
  needsShuffle,
  restoreShoe,
  revealShoe,
  serializeShoe,
  shoeCommitmentMessage,
  stackedShoe,
  verifyShoeReveal,
  type ShoeReveal,
  type ShoeState,
} from './shoe.ts';
export { SHOE_RESERVE_CARDS, visibleShoeSpent } from './shoe-reserve.ts';

// The game: a pure reducer over a plain-JSON state.
export {
  DEAL_LOG_EVENTS_MAX,
  INITIAL_BALANCE,
  REFUSAL_CODES,
  createGame,
  currentHand,
  legalActions,
  legalPlays,
  seatLayout,
  restoreGameState,
  step,
  visible,
  withdrawShoe,
  type CountingOptions,
  type CreateGameOptions,
  type DealEvent,
  type DealPlay,
  type DealTo,
  type GameAction,
  type GamePhase,
  type GameState,
  type HandOutcome,
  type HandResult,
  type ComputerHand,
  type ComputerSeat,
  type HandStatus,
  type LegalPlays,
  type PlayerHand,
  type PublishedShoe,
  type RefusalCode,
  type RoundResult,
  type SessionStats,
  type StepResult,
  type VisibleGameState,
  type VisibleSeat,
  type VisibleShoe,
} from './game/index.ts';

// Counting: the systems, running and true count, the betting-patterns record.
export {
  COUNTING_SYSTEMS,
  CUSTOM_COUNT_CODES,
  CUSTOM_COUNT_LIMITS,
  CustomCountError,
  DEFAULT_COUNTING_SYSTEM,
  TAG_KEYS,
  builtInTwin,
  countKey,
  countingSystemOf,
  customSystemOfTags,
  deckSumOfTags,
  parseCountTags,
  parseCustomCount,
  tagsOfSystem,
  DEFAULT_TRUE_COUNT_OPTIONS,
  aceSideWeight,
  aceSurplus,
  bettingCount,
  sideCountsAces,
  bettingPatternKey,
  countCard,
  decisionCount,
  decksRemaining,
  getCountingSystem,
  initialRunningCount,
  recordBet,
  runningCountOf,
  tagOf,
  trueCount,
  type BetOutcome,
  type BettingPatternEntry,
  type BettingPatterns,
  type CountingSystem,
  type CountingSystemId,
  type CountId,
  type CountSpec,
  type CountTags,
  type CustomCount,
  type CustomCountCode,
  type TagKey,
  type DeckResolution,
  type TrueCountOptions,
  type TrueCountRounding,
} from './counting/index.ts';

// Index plays: the published Hi-Lo deviations, the best play at a true count, and index tables
// generated for any rules, count and true-count convention (precomputed for common rule sets).
export {
  FAB_4_S17,
  ILLUSTRIOUS_18_S17,
  INSURANCE_INDEX,
  bestPlay,
  chartHand,
  entryId,
  fullSetOf,
  fullSetPlay,
  handKeyOf,
  holdsAt,
  publishedSetOf,
  generateIndices,
  tableKey,
  indexPlays,
  indexPlaysOf,
  indexTableFor,
  insuranceIndexOf,
  precomputedIndices,
  shouldTakeInsurance,
  thresholdOf,
  type BestPlay,
  type BestPlayInput,
  type GenerateOptions,
  type GeneratedPlay,
  type FullSetInput,
  type FullSetPlay,
  type FullIndexSet,
  type IndexSetAction,
  type IndexSetPlay,
  type IndexAction,
  type IndexPlay,
  type IndexTable,
  type PlayAction,
} from './indices/index.ts';

// Exact analysis: the basic strategy chart and its EV, the EV of every action of a hand, the
// cost of a decision, the dealer's final-total probabilities. Shoes are compositions by value.
export {
  PLAYER_ACTIONS,
  UPCARD_KEYS,
  bestAction,
  computeStrategy,
  dealerProbabilities,
  decisionCost,
  fullShoe,
  handEvs,
  parseCardValue,
  removeCards,
  upcardKey,
  type ActionEvs,
  type AnalysisOptions,
  type Chart,
  type ChartCode,
  type ChartRow,
  type Composition,
  type DealerProbabilities,
  type HandOptions,
  type PlayerAction,
  type StrategyResult,
  type UpcardKey,
} from './analysis/index.ts';

// The coaches: the exact coach's answer from a round's public cards and the chart's play; the
// table's advice for a hand from the cards seen, and the grade of a decision (the browser's
// coach and the server's record use the same functions, so they agree).
export {
  adviseHand,
  basicStrategyRules,
  basicStrategyTable,
  chartPlay,
  rememberBasicStrategyTable,
  surrendersEarlyByChart,
  coach,
  evCost,
  gradeDecision,
  indexSourceFor,
  evenMoneyByBasic,
  evenMoneyGain,
  insuranceChoice,
  insuranceChoiceCost,
  insuranceEv,
  knownComposition,
  roundCredits,
  type CoachAdvice,
  type CoachAnswer,
  type CoachInput,
  type CoachQuestion,
  type DecisionChoice,
  type DecisionFacts,
  type DecisionGrade,
  type IndexSource,
} from './coach/index.ts';

// Bets graded by the count (decision record 0030): the bet ramp, the player's advantage at a
// count (exact edge off the top plus the removal effects' slope), the grade of a round's bet.
export {
  BET_RAMP_LIMITS,
  BET_RAMP_PRESETS,
  BET_RIGHT_WITHIN_units,
  advantageAt,
  advantageBasis,
  advantageSlope,
  betFactsOf,
  betRampProblem,
  effectiveTrueCount,
  gradeBet,
  rampFromSpread,
  rampUnitsAt,
  type AdvantageBasis,
  type BetFacts,
  type DealtRound,
  type BetGrade,
  type BetRamp,
  type BetRampPresetId,
  type BetRampProblem,
  type BetRampStep,
  type BetVerdict,
} from './coach/index.ts';

// What a count is worth for the rules: betting correlation, playing efficiency and insurance
// correlation from the rules' exact effects of removal, for any tags.
export { countBasis, countQuality, type CountBasis, type CountQuality, type DecisionEffects } from './coach/index.ts';
export { indexWorths, twoCardForms, worthBasis, type IndexWorths, type WorthBasis } from './coach/index.ts';

// The simulator (browser-safe part; the pools are the two other entry points).
export {
  CHUNK_ROUNDS,
  GRID_CELLS_MAX,
  GRID_VALUES_MAX,
  MAX_ROUNDS,
  MAX_THREADS,
  SimAbortedError,
  bestCell,
  gridCells,
  gridProblem,
  normalCdf,
  perHour,
  tripView,
  SimPool,
  buildPlan,
  errorSources,
  estimatePlayer,
  handKind,
  optimalRamp,
  preloadSimCore,
  rampUnits,
  runPlan,
  simulate,
  simulatePlan,
  type ErrorSource,
  type FromWorker,
  type GridParams,
  type GridSpec,
  type HandKind,
  type IndexSet,
  type OptimalRamp,
  type OptimalRampOptions,
  type OptimalRampRow,
  type PlayerEstimate,
  type PlayerModel,
  type RecordedCountCheck,
  type RecordedDecision,
  type PoolRunOptions,
  type RiskOfRuin,
  type RunControl,
  type SimPlan,
  type SimPlanOptions,
  type SimProgress,
  type SimResult,
  type SimStats,
  type SimulateOptions,
  type SimWorkerLike,
  type ToWorker,
  type TripOptions,
  type TripView,
  type TrueCountRow,
} from './sim/index.ts';
