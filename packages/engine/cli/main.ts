// `npm run -s bj -- <command> [...]`: the engine's command line. Each command lives in its own
// file and exports run(argv): Promise<number> (the exit code) and its USAGE. The CLI uses only
// the engine's public entry points (src/index.ts and the Node pool, node/sim-pool.ts).
import { pathToFileURL } from 'node:url';

interface Command {
  summary: string;
  load(): Promise<{ run(argv: string[]): Promise<number> }>;
}

export const COMMANDS: Record<string, Command> = {
  strategy: { summary: 'the basic strategy chart for the rules and its exact EV', load: () => import('./strategy.ts') },
  ev: { summary: 'the exact EV of each action for a hand against an upcard', load: () => import('./ev.ts') },
  simulate: { summary: 'simulate play: EV, SD, SCORE, risk of ruin, per true count', load: () => import('./simulate.ts') },
  counts: { summary: "each count's betting correlation, playing efficiency and insurance correlation for the rules", load: () => import('./counts.ts') },
  indices: { summary: 'index plays generated for the rules, count and true-count convention', load: () => import('./indices.ts') },
};

export function usage(): string {
  const width = Math.max(...Object.keys(COMMANDS).map((n) => n.length));
  const lines = Object.entries(COMMANDS).map(([name, c]) => `  ${name.padEnd(width)}  ${c.summary}`);
  return `usage: bj <command> [options]     (from the repository: npm run -s bj -- <command> [options])

commands:
${lines.join('\n')}

  bj <command> --help shows a command's options and examples.

examples:
  bj strategy --rules '{"numDecks":2,"dealerStandsSoft17":false}'
  bj ev --hand 7,8 --up 10
  bj counts --rules '{"numDecks":1}' --json
  bj indices --count hilo --rules '{"dealerStandsSoft17":false}'
  bj simulate --rounds 10000000 --count hilo --spread '{"-inf":1,"1":2,"2":4,"3":6,"4":8}' --indices i18 --bankroll 1000
`;
}

export async function main(argv: string[], io: { out(t: string): void; err(t: string): void }): Promise<number> {
  const [name, ...rest] = argv;
  if (name === '--help' || name === '-h' || name === 'help') {
    const sub = name === 'help' ? rest[0] : undefined;
    const command = sub === undefined ? undefined : COMMANDS[sub];
    if (command) return (await command.load()).run(['--help']);
    io.out(usage());
    return sub === undefined ? 0 : 2;
  }
  const command = name === undefined ? undefined : COMMANDS[name];
  if (!command) {
    io.err((name === undefined ? '' : `unknown command "${name}"\n\n`) + usage());
    return 2;
  }
  return (await command.load()).run(rest);
}

// Run when started as a program (not when a test imports main()).
if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2), { out: (t) => void process.stdout.write(t), err: (t) => void process.stderr.write(t) }).then(
    (code) => process.exit(code),
    (err: unknown) => {
      process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
      process.exit(1);
    },
  );
}
