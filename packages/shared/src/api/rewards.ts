/**
 * Achievements and levels (500 credits per achievement, 1,000 per level up: docs/rewards.md).
 * The set rewards learning more than volume; docs/rewards.md explains each choice. The server
 * (apps/server/src/modules/rewards) grants them; the web app reads `GET /api/me/progress`.
 */
import { z } from '../zod.ts';
import { isoDate } from './iso-date.ts';

/** The counters achievements and experience are computed from (one row each per player). */
export const REWARD_METRICS = [
  'hands_played',
  'blackjacks',
  'clean_shoes',
  'count_checks_correct',
  'count_check_streak',
  'count_check_streak_best',
  'drills_finished',
  'drills_under_target',
  'simulations_run',
  'daily_bonuses',
  'purchases',
  'xp',
] as const;
export type RewardMetric = (typeof REWARD_METRICS)[number];

export interface AchievementDefinition {
  id: string;
  title: string;
  description: string;
  /** Unlocked when `metric` reaches `target`. */
  metric: RewardMetric;
  target: number;
}

/**
 * The achievement set, in the order the profile lists it. Ids are stored (profiles.achievements
 * and ledger idempotency keys): never rename one; retire it instead.
 */
export const ACHIEVEMENTS = [
  {
    id: 'first_hand',
    title: 'Pull up a chair',
    description: 'Play your first hand at the table.',
    metric: 'hands_played',
    target: 1,
  },
  {
    id: 'first_blackjack',
    title: 'Natural',
    description: 'Get dealt your first blackjack.',
    metric: 'blackjacks',
    target: 1,
  },
  {
    id: 'hands_100',
    title: 'Getting the feel',
    description: 'Play 100 hands.',
    metric: 'hands_played',
    target: 100,
  },
  {
    id: 'hands_1000',
    title: 'Grinder',
    description: 'Play 1,000 hands.',
    metric: 'hands_played',
    target: 1000,
  },
  {
    id: 'hands_10000',
    title: 'Ten thousand hands',
    description: 'Play 10,000 hands.',
    metric: 'hands_played',
    target: 10_000,
  },
  {
    id: 'clean_shoe',
    title: 'By the book',
    description: 'Play a whole shoe without a basic-strategy error.',
    metric: 'clean_shoes',
    target: 1,
  },
  {
    id: 'clean_shoes_10',
    title: 'Muscle memory',
    description: 'Play 10 whole shoes without a basic-strategy error.',
    metric: 'clean_shoes',
    target: 10,
  },
  {
    id: 'count_check_first',
    title: 'Keeping count',
    description: 'Answer a count check correctly.',
    metric: 'count_checks_correct',
    target: 1,
  },
  {
    id: 'count_streak_10',
    title: 'Perfect count',
    description: 'Answer 10 count checks in a row correctly.',
    metric: 'count_check_streak_best',
    target: 10,
  },
  {
    id: 'count_checks_100',
    title: 'Human shoe tracker',
    description: 'Answer 100 count checks correctly.',
    metric: 'count_checks_correct',
    target: 100,
  },
  {
    id: 'drill_under_target',
    title: 'Fast and right',
    description: 'Finish a count drill correctly under its target time.',
    metric: 'drills_under_target',
    target: 1,
  },
  {
    id: 'drills_25',
    title: 'Daily practice',
    description: 'Finish 25 count drills.',
    metric: 'drills_finished',
    target: 25,
  },
  {
    id: 'first_simulation',
    title: 'Do the math',
    description: 'Run your first strategy simulation.',
    metric: 'simulations_run',
    target: 1,
  },
  {
    id: 'daily_7',
    title: 'Creature of habit',
    description: 'Claim the daily bonus on 7 days.',
    metric: 'daily_bonuses',
    target: 7,
  },
] as const satisfies readonly AchievementDefinition[];
export type AchievementId = (typeof ACHIEVEMENTS)[number]['id'];

/**
 * Experience per event (docs/rewards.md). Practice that builds skill is worth more than
 * volume; luck (blackjacks) and money (purchases) earn none.
 */
export const XP = {
  hand: 1,
  cleanShoe: 50,
  countCheckCorrect: 5,
  drillFinished: 10,
  drillUnderTarget: 10,
  simulationRun: 5,
  dailyBonus: 10,
} as const;

/** Experience from level L to L+1 is XP_PER_LEVEL_STEP * L: 100, 200, 300, ... */
export const XP_PER_LEVEL_STEP = 100;
/** Levels stop here (a bound, far above any real player: level 100 needs 495,000 XP). */
export const LEVEL_MAX = 100;

/** Total experience needed to reach `level` (level 1 needs 0): 100 * L * (L - 1) / 2. */
export function xpForLevel(level: number): number {
  if (!Number.isInteger(level) || level < 1) throw new RangeError(`bad level ${level}`);
  return (XP_PER_LEVEL_STEP * level * (level - 1)) / 2;
}

/** The level a total experience reaches (1..LEVEL_MAX). */
export function levelForXp(xp: number): number {
  if (!Number.isFinite(xp) || xp < 0) throw new RangeError(`bad xp ${xp}`);
  // Inverse of xpForLevel, then corrected for floating point at the boundaries.
  let level = Math.floor((1 + Math.sqrt(1 + (8 * xp) / XP_PER_LEVEL_STEP)) / 2);
  while (level > 1 && xpForLevel(level) > xp) level--;
  while (level < LEVEL_MAX && xpForLevel(level + 1) <= xp) level++;
  return Math.min(Math.max(level, 1), LEVEL_MAX);
}

export const AchievementProgressSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  target: z.int().check(z.positive()),
  /** The counter's value, capped at target. */
  progress: z.int().check(z.nonnegative()),
  unlockedAt: z.nullable(isoDate),
  rewardCredits: z.int().check(z.positive()),
});
export type AchievementProgress = z.infer<typeof AchievementProgressSchema>;

/** `GET /api/me/progress`. */
export const ProgressResponseSchema = z.object({
  xp: z.int().check(z.nonnegative()),
  level: z.int().check(z.gte(1)),
  /** Experience at which the current level started and the next one starts (null at LEVEL_MAX). */
  levelXp: z.int().check(z.nonnegative()),
  nextLevelXp: z.nullable(z.int().check(z.positive())),
  levelUpCredits: z.int().check(z.positive()),
  achievements: z.array(AchievementProgressSchema),
  /** When the daily bonus can next be claimed (null: now). */
  nextDailyBonusAt: z.nullable(isoDate),
});
export type ProgressResponse = z.infer<typeof ProgressResponseSchema>;

// ----- What pays (docs/rewards.md, "Pay only for what was not on screen"; ADR 0044) ---------

/**
 * Why a graded answer paid nothing (it is practice: graded, recorded, no credits, experience or
 * progress): the count was on screen when the check was asked; the answer came sooner than the
 * cards could have been shown (or while another paid drill was being counted); today's drill
 * rewards are used up; the count needs no counting (its most likely value is right too often).
 */
export const PRACTICE_REASONS = ['countShown', 'tooFast', 'dailyLimit', 'countNeedsNoCounting'] as const;
export const PracticeReasonSchema = z.enum(PRACTICE_REASONS);
export type PracticeReason = z.infer<typeof PracticeReasonSchema>;

/** The fastest a countdown's flash can be shown (the trainer's fastest set speed): the pace floor of a paid drill. */
export const DRILL_FLASH_MIN_ms = 150;
/** Drills that pay per player and UTC day (each at most XP.drillFinished + XP.drillUnderTarget experience). */
export const DRILLS_PAID_PER_DAY_MAX = 20;
/**
 * A count whose most likely value is right more often than this share, in the countdown's own
 * reference (one deck, 1 to 5 cards held back), needs no counting: it pays nothing.
 */
export const GUESSABLE_COUNT_SHARE_MAX = 0.4;

/** What the web says beside a verdict that paid nothing. */
export const PRACTICE_NOTES: Readonly<Record<PracticeReason, string>> = {
  countShown: 'Practice: the count was on screen when this check was asked (turn on test mode to earn rewards).',
  tooFast: 'Practice: answered sooner than the cards could be shown, or while another drill was being counted.',
  dailyLimit: `Practice: today's ${DRILLS_PAID_PER_DAY_MAX} rewarded drills are done; drills pay again tomorrow (UTC).`,
  countNeedsNoCounting: 'Practice: this count needs no counting (its most likely value is right too often), so it earns no rewards.',
};
