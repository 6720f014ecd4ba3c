// `bj ev --hand 7,8 --up 10 [--rules JSON] [--json]`: the exact expected value of each legal
// action for a hand against an upcard, from a full shoe with the hand and the upcard removed
// (conditioned on no dealer blackjack when the dealer peeks).
import { bestAction, fullShoe, handEvs, parseCardValue, PLAYER_ACTIONS } from '../src/index.ts';
import { CliError, formatTable, parseArgs, printJson, processIo, rulesFromArgs, runCommand, type CliIo } from './args.ts';

function cards(text: string | undefined, flag: string): number[] {
  if (text === undefined || text.trim() === '') throw new CliError(`--${flag} is required (cards like A,7 or 10,6).`);
  try {
    return text.split(',').map(parseCardValue);
  } catch (e) {
    throw new CliError(`--${flag}: ${e instanceof Error ? e.message : String(e)}`);
  }
}

export async function run(argv: string[], io: CliIo = processIo): Promise<number> {
  return runCommand(io, () => {
    const args = parseArgs(argv, { values: ['rules', 'hand', 'up'], switches: ['json'] });
    const rules = rulesFromArgs(args);
    const hand = cards(args.values.get('hand'), 'hand');
    const up = cards(args.values.get('up'), 'up');
    if (hand.length < 2) throw new CliError('--hand needs at least two cards.');
    if (up.length !== 1) throw new CliError('--up is one card.');
    let evs;
    try {
      evs = handEvs(rules, fullShoe(rules.numDecks), hand, up[0] as number);
    } catch (e) {
      if (e instanceof RangeError) throw new CliError(e.message);
      throw e;
    }
    if (args.switches.has('json')) {
      const rounded = Object.fromEntries(PLAYER_ACTIONS.map((a) => [a, evs[a] === null ? null : Number(evs[a].toFixed(6))]));
      printJson(io, rounded);
      return 0;
    }
    const best = bestAction(evs).action;
    const rows = [['action', 'EV', '']];
    for (const action of PLAYER_ACTIONS) {
      const ev = evs[action];
      rows.push([action, ev === null ? '-' : ev.toFixed(6), action === best ? '<- best' : '']);
    }
    io.out(`${formatTable(rows)}\n`);
    return 0;
  });
}
