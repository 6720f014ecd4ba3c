// How the screen writes the engine's numbers (formatting only; every number comes from the engine).
import type { SimSettings } from '@card-counter/shared';

export const fmtUnits = (x: number, digits = 3): string => (Number.isFinite(x) ? `${x >= 0 ? '+' : '−'}${Math.abs(x).toFixed(digits)}` : '—');
export const fmtPct = (x: number, digits = 2): string => (Number.isFinite(x) ? `${x >= 0 ? '+' : '−'}${Math.abs(x * 100).toFixed(digits)}%` : '—');
export const fmtPlainPct = (x: number | null | undefined, digits = 1): string => (x == null || !Number.isFinite(x) ? '—' : `${(x * 100).toFixed(digits)}%`);
export const fmtNum = (x: number | null | undefined, digits = 2): string => (x == null || !Number.isFinite(x) ? '—' : x.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits }));
export const fmtInt = (x: number): string => Math.round(x).toLocaleString('en-US');

export function fmtDuration(seconds: number | null): string {
  if (seconds === null || !Number.isFinite(seconds)) return '—';
  if (seconds < 60) return `${Math.ceil(seconds)} s`;
  const m = Math.floor(seconds / 60);
  return `${m} min ${Math.ceil(seconds - m * 60)} s`;
}

export function fmtRate(rps: number): string {
  if (rps >= 1e6) return `${(rps / 1e6).toFixed(2)}M rounds/s`;
  if (rps >= 1e3) return `${(rps / 1e3).toFixed(0)}K rounds/s`;
  return `${Math.round(rps)} rounds/s`;
}

const COUNT_NAMES: Record<string, string> = {
  'hi-lo': 'Hi-Lo',
  ko: 'KO',
  'hi-opt-1': 'Hi-Opt I',
  'hi-opt-2': 'Hi-Opt II',
  'omega-2': 'Omega II',
  zen: 'Zen',
  'wong-halves': 'Wong Halves',
  'red-7': 'Red 7',
  custom: 'Custom count',
};
export const countName = (id: string): string => COUNT_NAMES[id] ?? id;

/** A run's count in words: a custom one with its tags ("Custom (A -1 2 +1 … T -1)"). */
export function countLabel(s: Pick<SimSettings, 'count' | 'custom'>): string {
  if (s.count !== 'custom' || s.custom === undefined) return countName(s.count);
  const signed = (t: number): string => (t > 0 ? `+${t}` : String(t));
  const tags = Object.entries(s.custom.tags)
    .sort(([a], [b]) => ORDER.indexOf(a) - ORDER.indexOf(b))
    .map(([k, t]) => `${k} ${signed(t)}`)
    .join(' ');
  return `Custom (${tags}${s.custom.irc === undefined ? '' : `, IRC ${signed(s.custom.irc)}`})`;
}
const ORDER = ['A', '2', '3', '4', '5', '6', '7', '8', '9', 'T'];

const INDEX_NAMES: Record<string, string> = { none: 'basic strategy', i18: 'I18', 'i18+fab4': 'I18 + Fab 4', generated: 'generated indices' };

/** Counters' shorthand for the inputs: "6D S17 DAS LS 3:2, 75% pen · Hi-Lo 1-8 · I18 + Fab 4". */
export function settingsLine(s: SimSettings): string {
  const r = s.rules as Record<string, number | boolean | string>;
  const bj = r.blackjackPays === 1.5 ? '3:2' : r.blackjackPays === 1.2 ? '6:5' : r.blackjackPays === 1 ? '1:1' : `${String(r.blackjackPays)}:1`;
  const parts = [
    `${String(r.numDecks)}D`,
    r.dealerStandsSoft17 ? 'S17' : 'H17',
    r.doubleAfterSplit ? 'DAS' : 'NDAS',
    r.surrenderAllowed && r.earlySurrender !== 'all' ? 'LS' : '',
    r.earlySurrender === 'vs10' ? 'ES10' : r.earlySurrender === 'all' ? 'ES' : '',
    r.dealerPeeks ? '' : r.noHoleCardLosses === 'all' ? 'ENHC-all' : 'ENHC',
    r.doubleDownRestriction === 'any' ? '' : `D${String(r.doubleDownRestriction)}`,
    r.resplitAces ? 'RSA' : '',
    bj,
  ].filter(Boolean);
  const pen = s.csm || r.continuousShuffler === true ? 'CSM' : `${Math.round((1 - Number(r.shufflePoint)) * 100)}% pen`;
  const spots = Number(r.numInitialHands) > 1 ? `, ${String(r.numInitialHands)} spots` : '';
  const units = Object.values(s.spread);
  const spread = units.length > 1 ? `spread ${Math.min(...units)}-${Math.max(...units)}` : 'flat bet';
  const signed = (x: number): string => `${x >= 0 ? '+' : ''}${x}`;
  const wong = s.wongIn === null ? '' : `, wong in at ${signed(s.wongIn)}`;
  const out = s.wongOut == null ? '' : `, wong out below ${signed(s.wongOut)}${s.midshoeEntry ? ' (mid-shoe entry)' : ''}`;
  const table: string[] = [];
  const step = s.spots ? Object.entries(s.spots).find(([k]) => k !== '-inf') : undefined;
  if (step) table.push(`${step[1]} spots from ${signed(Number(step[0]))}`);
  if (Number(r.otherPlayers) > 0) table.push(`${String(r.otherPlayers)} other player${Number(r.otherPlayers) > 1 ? 's' : ''}`);
  if (s.roundsPerShoe) table.push(`${s.roundsPerShoe} rounds per shoe`);
  if (s.cutCardSpread_decks) table.push(`cut card ±${s.cutCardSpread_decks / 2} decks`);
  const tc = s.trueCount.resolution !== 'half' || s.trueCount.rounding !== 'floor' ? `, TC ${s.trueCount.resolution} decks ${s.trueCount.rounding}` : '';
  return `${parts.join(' ')}, ${pen}${spots}${table.length > 0 ? `, ${table.join(', ')}` : ''} · ${countLabel(s)}${tc}, ${spread}${wong}${out} · ${s.indexSet ? `index set ${s.indexSet.label} (${s.indexSet.plays.length} plays)` : (INDEX_NAMES[s.indices] ?? s.indices)}`;
}
