/**
 * Creating a tournament (by an admin, audited by the admin module in the same transaction, or by
 * a schedule): the rules checked for a duplicate-shoe table, the shoes' seed drawn and their
 * commitments computed and published at once (ADR 0055), and the closing job sent, due at endsAt.
 */
import { randomUUID } from 'node:crypto';
import { createGame, isBetPayable, parseRules, RulesError, type Rules } from '@card-counter/engine';
import { AppError, CREDIT_COST_TOURNAMENT, type AdminTournamentCreate } from '@card-counter/shared';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/index.ts';
import { tournamentOf, type Tournament } from './model.ts';
import { newShoesSeed, shoeCommitments, shoeLastsEveryRound, shoesCommitmentOf, shoesNeeded } from './shoes.ts';

export type TournamentDefinition = Omit<AdminTournamentCreate, 'reason'>;

function invalid(field: string, message: string): AppError {
  return new AppError('TOURNAMENT_RULES_INVALID', message, { field });
}

/** The engine's rules for a tournament's table, or TOURNAMENT_RULES_INVALID naming the field. */
export function tournamentRules(input: Record<string, unknown>): Rules {
  let rules: Rules;
  try {
    rules = parseRules(input);
  } catch (e) {
    if (e instanceof RulesError) throw invalid(e.key, e.message);
    throw e;
  }
  if (rules.numInitialHands !== 1) throw invalid('numInitialHands', 'A tournament table has one spot.');
  if (rules.otherPlayers !== 0) throw invalid('otherPlayers', 'A tournament table has no computer seats: every entrant plays the same cards.');
  // A continuous shuffler deals every round from a fresh shoe (ADR 0050): entrants would not share cards.
  if (rules.continuousShuffler) throw invalid('continuousShuffler', 'A tournament deals from shoes every entrant shares: no continuous shuffler.');
  if (!shoeLastsEveryRound(rules))
    throw invalid('shufflePoint', 'The cut card must leave enough cards that no round can run the shoe out (a deeper shuffle point, or more decks).');
  return rules;
}

/** Inserts the tournament (inside the caller's transaction); the caller sends its closing job after the commit. */
export async function insertTournament(
  trx: Kysely<DB>,
  def: TournamentDefinition,
  opts: { now: Date; createdBy: string | null; scheduleKey?: string },
): Promise<Tournament | null> {
  const rules = tournamentRules(def.rules);
  for (const [field, bet] of [['betMin', def.betMin], ['betMax', def.betMax]] as const)
    if (!isBetPayable(rules, bet)) throw invalid(field, `${field} must be a bet these rules pay exactly (ADR 0045).`);
  // The engine checks the count (a custom count's definition) as the table will use it.
  let counting;
  try {
    counting = createGame({ rules, balance: def.chips, ...(def.counting ? { counting: def.counting } : {}) }).counting;
  } catch (e) {
    throw invalid('counting', e instanceof Error ? e.message : 'bad counting options');
  }
  const seed = newShoesSeed();
  const commitments = shoeCommitments(seed, rules.numDecks, shoesNeeded(rules, def.rounds === 'shoe' ? null : def.rounds));
  const row = await trx
    .insertInto('tournaments')
    .values({
      id: randomUUID(),
      name: def.name,
      starts_at: def.startsAt,
      ends_at: def.endsAt,
      rules: JSON.stringify(rules),
      counting: JSON.stringify(counting),
      test_mode: def.testMode,
      rounds: def.rounds === 'shoe' ? null : def.rounds,
      bet_min: def.betMin,
      bet_max: def.betMax,
      chips: def.chips,
      min_entrants: def.minEntrants,
      payouts_pct: JSON.stringify(def.payouts_pct),
      entry_credits: CREDIT_COST_TOURNAMENT,
      shoes_seed: seed,
      shoe_commitments: JSON.stringify(commitments),
      shoes_commitment: shoesCommitmentOf(commitments),
      schedule_key: opts.scheduleKey ?? null,
      created_by: opts.createdBy,
      created_at: opts.now,
    })
    // A schedule's period already has its tournament (another process made it): nothing.
    .onConflict((oc) => oc.column('schedule_key').doNothing())
    .returningAll()
    .executeTakeFirst();
  return row === undefined ? null : tournamentOf(row);
}
