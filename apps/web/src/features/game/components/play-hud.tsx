import { currentHand, type Card, type VisibleGameState } from '@card-counter/engine';
import type { InsuranceVerdict, Verdict } from '../hooks/use-coach.ts';
import type { CoachMode, TablePrefs } from '../hooks/use-table-prefs.ts';
import { deckEstimate, formatDecks } from '../model/deck-estimate.ts';
import { MOVE_NAMES as NAMES, handLabel, upcardLabel } from '../model/hand-labels.ts';

// On a phone the side column sits below the table, out of sight during a round: what the player
// must read then (the count, the coach's verdict) is summed up here, right under the moves
// (the coach's warning takes the moves' own place). The panels below keep the details (the EV table, the tray, the proof).
// With computer seats the felt grows taller than a phone's screen and the dealer scrolls out of
// sight while the player decides: the line then also says what the decision is made against.

export interface PlayHudProps {
  state: VisibleGameState;
  prefs: TablePrefs;
  mode: CoachMode;
  verdict: Verdict | null;
  insurance: InsuranceVerdict | null;
  /** Test mode: the counts are the player's to keep (the server sends none). */
  testMode?: boolean;
}

function signed(x: number): string {
  const s = Number.isInteger(x) ? String(x) : x.toFixed(1);
  return x > 0 ? `+${s}` : s;
}

function Figure({ label, value, shown }: { label: string; value: string; shown: boolean }) {
  return (
    <span className="flex items-baseline gap-1">
      <span className="text-[0.65rem] font-medium uppercase tracking-wide text-slate-400">{label}</span>
      <span className="font-bold tabular-nums text-white">{shown ? value : '••'}</span>
    </span>
  );
}

/** One line from the coach: right, or what was right and what it cost. */
function shortVerdict(
  verdict: Verdict | null,
  insurance: InsuranceVerdict | null,
): { text: string; right: boolean } | null {
  if (insurance) {
    const right = insurance.took === insurance.shouldTake;
    return {
      right,
      text: right
        ? `Insurance: right to ${insurance.took ? 'take' : 'decline'}`
        : `Insurance: ${insurance.shouldTake ? 'take' : 'decline'} was right`,
    };
  }
  if (!verdict) return null;
  if (verdict.correct) return { right: true, text: `${NAMES[verdict.chosen]}: right` };
  return {
    right: false,
    text: `${NAMES[verdict.advice.recommended]} was right (−${verdict.cost.toFixed(2)} credits)`,
  };
}

/** 'Dealer 5 showing · You soft 17' for the hand being decided, or null. */
function decisionLine(state: VisibleGameState): string | null {
  if (state.config.otherPlayers === 0 || state.gamePhase !== 'playing') return null;
  const hand = currentHand(state);
  const shown = state.dealerCards.filter((c): c is Card => c !== null);
  if (!hand || shown.length === 0) return null;
  return `Dealer ${upcardLabel(shown)} · You ${handLabel(hand)}`;
}

export function PlayHud({ state, prefs, mode, verdict, insurance, testMode = false }: PlayHudProps) {
  const decks = deckEstimate(state);
  const said = mode === 'off' ? null : shortVerdict(verdict, insurance);
  const deciding = decisionLine(state);
  return (
    <div
      className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 rounded-lg bg-slate-900/90 px-3 py-2 text-sm"
      data-testid="play-hud"
    >
      <span role="group" className="flex gap-3" aria-label="Count">
        <Figure label="RC" value={signed(state.runningCount)} shown={prefs.showRunningCount && !testMode} />
        <Figure label="TC" value={signed(state.trueCount)} shown={prefs.showTrueCount && !testMode} />
        <Figure
          label="Decks"
          value={formatDecks(decks.left, decks.resolution)}
          shown={prefs.showDecksRemaining}
        />
      </span>
      {deciding && (
        <span className="font-semibold text-amber-100" data-testid="hud-hand">
          {deciding}
        </span>
      )}
      {said && (
        <span
          className={`font-semibold ${said.right ? 'text-emerald-300' : 'text-rose-300'}`}
          data-testid="hud-verdict"
        >
          {said.text}
        </span>
      )}
    </div>
  );
}
