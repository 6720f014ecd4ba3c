// `bj simulate --index-set NAME|FILE` (issue 37): the named sets (none, i18, i18+fab4, generated),
// 'full' (every two-card cell, generated for the rules and count), or a file of plays in the
// contract's shape (packages/shared/src/api/indices.ts: GET /api/indices's body or a player's
// set as JSON, or the CSV that GET /api/me/index-sets/csv writes), so an edited set can be run.
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { fullSetOf, generateIndices, type CountSpec, type FullIndexSet, type IndexSet, type IndexSetPlay, type Rules, type TrueCountOptions } from '../src/index.ts';
import { CliError, type CliIo } from './args.ts';

export const NAMED_SETS: readonly IndexSet[] = ['none', 'i18', 'i18+fab4', 'generated'];
/** Sampled shoes a bin for 'full', as the server's sets made on demand (ADR 0052): minutes of CPU. */
export const FULL_SET_SAMPLES = 8;
/** A set holds at most this many plays (the contract's INDEX_SET_PLAYS_MAX). */
const PLAYS_MAX = 600;

export type ChosenIndexSet = { indices: IndexSet } | { fullSet: FullIndexSet; label: string };

const ACTIONS = ['stand', 'hit', 'double', 'split', 'surrender'] as const;
const UPS = ['2', '3', '4', '5', '6', '7', '8', '9', '10', 'A'] as const;
const HAND = /^(\d{1,2}|A\d|AA|TT|\d\d)$/;

/** One play checked as the contract checks it; `where` names it in the error. */
function playOf(raw: Record<string, unknown>, where: string): IndexSetPlay {
  const keys = Object.keys(raw).sort().join(',');
  if (keys !== 'direction,hand,index,play,up,versus') throw new CliError(`${where}: a play has exactly hand, up, play, versus, index and direction (got ${keys || 'nothing'}).`);
  const { hand, up, play, versus, index, direction } = raw;
  if (typeof hand !== 'string' || !HAND.test(hand)) throw new CliError(`${where}: hand must be named as the charts name it ("16", "A7", "88", "TT"), got ${JSON.stringify(hand)}.`);
  if (!UPS.includes(up as (typeof UPS)[number])) throw new CliError(`${where}: up must be 2..10 or A, got ${JSON.stringify(up)}.`);
  for (const [name, a] of [['play', play], ['versus', versus]] as const)
    if (!ACTIONS.includes(a as (typeof ACTIONS)[number])) throw new CliError(`${where}: ${name} must be one of ${ACTIONS.join(', ')}, got ${JSON.stringify(a)}.`);
  if (typeof index !== 'number' || !Number.isFinite(index) || index < -60 || index > 60) throw new CliError(`${where}: index must be a number -60..60, got ${JSON.stringify(index)}.`);
  if (direction !== 'at-or-above' && direction !== 'at-or-below') throw new CliError(`${where}: direction must be at-or-above or at-or-below, got ${JSON.stringify(direction)}.`);
  return { hand, up: up as IndexSetPlay['up'], play: play as IndexSetPlay['play'], versus: versus as IndexSetPlay['versus'], index, direction };
}

function insuranceOf(v: unknown, where: string): number | null {
  if (v === undefined || v === null) return null;
  if (typeof v !== 'number' || !Number.isFinite(v) || v < -60 || v > 60) throw new CliError(`${where}: insurance must be a number -60..60 or null, got ${JSON.stringify(v)}.`);
  return v;
}

function checked(plays: IndexSetPlay[], insurance: number | null, file: string): FullIndexSet {
  if (plays.length > PLAYS_MAX) throw new CliError(`${file}: a set holds at most ${PLAYS_MAX} plays (got ${plays.length}).`);
  return { plays, insurance };
}

/** `{ plays: [...], insurance }`: GET /api/indices's body or one of a player's sets (other fields are theirs). */
export function indexSetFromJson(text: string, file: string): FullIndexSet {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new CliError(`${file}: not JSON.`);
  }
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw) || !Array.isArray((raw as { plays?: unknown }).plays))
    throw new CliError(`${file}: an index set is an object with "plays" (a list) and "insurance" (a number or null).`);
  const o = raw as { plays: unknown[]; insurance?: unknown };
  const plays = o.plays.map((p, i) => {
    if (p === null || typeof p !== 'object' || Array.isArray(p)) throw new CliError(`${file}: plays[${i}] is not an object.`);
    return playOf(p as Record<string, unknown>, `${file}: plays[${i}]`);
  });
  return checked(plays, insuranceOf(o.insurance, file), file);
}

const CSV_HEADER = 'hand,up,play,versus,index,direction';

/** The CSV of GET /api/me/index-sets/csv: a header, a line a play, insurance as its own line. */
export function indexSetFromCsv(text: string, file: string): FullIndexSet {
  const lines = text.split(/\r?\n/);
  if (lines[0]?.trim() !== CSV_HEADER) throw new CliError(`${file}: a CSV index set starts with the line ${CSV_HEADER}.`);
  const plays: IndexSetPlay[] = [];
  let insurance: number | null = null;
  for (let n = 1; n < lines.length && n <= PLAYS_MAX + 2; n++) {
    const line = (lines[n] as string).trim();
    if (line === '') continue;
    const cells = line.split(',').map((c) => c.trim());
    const where = `${file}: line ${n + 1}`;
    if (cells.length !== 6) throw new CliError(`${where}: 6 fields expected (${CSV_HEADER}), got ${cells.length}.`);
    const [hand, up, play, versus, index, direction] = cells as [string, string, string, string, string, string];
    const value = index === '' ? Number.NaN : Number(index);
    if (hand === 'insurance') insurance = insuranceOf(value, where);
    else plays.push(playOf({ hand, up, play, versus, index: value, direction }, where));
  }
  if (lines.filter((l) => l.trim() !== '').length > PLAYS_MAX + 2) throw new CliError(`${file}: a set holds at most ${PLAYS_MAX} plays.`);
  return checked(plays, insurance, file);
}

/** The set a run plays, from --index-set (or the older --indices, the named sets only). */
export function indexSetOf(value: string, game: { rules: Rules; count: CountSpec; trueCount: TrueCountOptions }, io: CliIo): ChosenIndexSet {
  if ((NAMED_SETS as readonly string[]).includes(value)) return { indices: value as IndexSet };
  if (value === 'full') {
    io.err(`generating the full ${game.count.system} index set for these rules (${FULL_SET_SAMPLES} shoes a count bin: minutes; see bj indices --scope all)...\n`);
    const table = generateIndices({ rules: game.rules, count: game.count.system, custom: game.count.custom, trueCount: game.trueCount, scope: 'all', samplesPerBin: FULL_SET_SAMPLES });
    const fullSet = fullSetOf(table);
    return { fullSet, label: `full index set (${fullSet.plays.length} plays)` };
  }
  if (!/\.(json|csv)$/i.test(value)) throw new CliError(`--index-set must be none, i18, i18+fab4, generated, full, or a .json or .csv file of plays (got ${value}).`);
  let text: string;
  try {
    text = readFileSync(value, 'utf8');
  } catch {
    throw new CliError(`--index-set: cannot read ${value}.`);
  }
  const name = basename(value);
  const fullSet = /\.csv$/i.test(value) ? indexSetFromCsv(text, name) : indexSetFromJson(text, name);
  return { fullSet, label: `index set ${name} (${fullSet.plays.length} plays)` };
}
