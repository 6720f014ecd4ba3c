// `bj ev --hand 7,8 --up 10 [--rules JSON] [--json]`: the exact expected value of each legal
// action for a hand against an upcard, from a full shoe with the hand and the upcard removed
// (conditioned on no dealer blackjack when the dealer peeks).
import { bestAction, fullShoe, handEvs, parseCardValue, PLAYER_ACTIONS } from '../src/index.ts';
import { CliError, formatTable, parseArgs, printJson, processIo, rulesFromArgs, runCommand, type CliIo } from './args.ts';
import { rulesNotation } from './notation.ts';

export const USAGE = `usage: bj ev --hand CARDS --up CARD [options]
  The exact expected value of each action (stand, hit, double, split, surrender) for a hand
  against the dealer's upcard, from a full shoe less these cards. When the dealer peeks, the
  values are given knowing the dealer has no blackjack. In units of the initial bet.

  --hand CARDS   the player's cards, comma-separated: A, 2..10, J, Q, K (T = ten), e.g. 7,8 or A,7
  --up CARD      the dealer's upcard
  --rules JSON   table rules (default: 6 decks S17 DAS LS 3:2)
  --json         one JSON object on stdout (settings and the EV of each action, null when not allowed)
  --help         this text

examples:
  bj ev --hand 7,8 --up 10
  bj ev --hand 9,9 --up A --rules '{"numDecks":1,"dealerStandsSoft17":false}'
  bj ev --hand A,7 --up 3 --json
`;

function cards(text: string | undefined, flag: string): number[] {
  if (text === undefined || text.trim() === '') throw new CliError(`--${flag} is required (cards like A,7 or 10,6).`);
  try {
    return text.split(',').map(parseCardValue);
  } catch (e) {
    throw new CliError(`--${flag}: ${e instanceof Error ? e.message : String(e)}`);
  }
}

const label = (values: readonly number[]): string => values.map((v) => (v === 1 ? 'A' : String(v))).join(',');

export async function run(argv: string[], io: CliIo = processIo): Promise<number> {
  return runCommand(
    io,
    () => {
      const args = parseArgs(argv, { values: ['rules', 'hand', 'up'], switches: ['json', 'help'] });
      const rules = rulesFromArgs(args);
      const hand = cards(args.values.get('hand'), 'hand');
      const up = cards(args.values.get('up'), 'up');
      if (hand.length < 2) throw new CliError('--hand needs at least two cards.');
      if (up.length !== 1) throw new CliError('--up is one card.');
      const upcard = up[0] as number;
      let evs;
      try {
        evs = handEvs(rules, fullShoe(rules.numDecks), hand, upcard);
      } catch (e) {
        if (e instanceof RangeError) throw new CliError(e.message);
        throw e;
      }
      const peeked = rules.dealerPeeks && (upcard === 1 || upcard === 10) ? ', dealer has no blackjack' : '';
      const settings = `${rulesNotation(rules)}; ${label(hand)} v ${label(up)}, full shoe less these cards${peeked}`;
      if (args.switches.has('json')) {
        const rounded = Object.fromEntries(PLAYER_ACTIONS.map((a) => [a, evs[a] === null ? null : Number(evs[a].toFixed(6))]));
        printJson(io, { settings, ...rounded });
        return 0;
      }
      const best = bestAction(evs).action;
      const rows = [['action', 'EV', '']];
      for (const action of PLAYER_ACTIONS) {
        const ev = evs[action];
        rows.push([action, ev === null ? '-' : ev.toFixed(6), action === best ? '<- best' : '']);
      }
      io.out(`${settings}\n\n${formatTable(rows)}\n`);
      return 0;
    },
    { name: 'ev', usage: USAGE, argv },
  );
}
