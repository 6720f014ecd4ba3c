// `npm run -s bj -- <command> [...]`: the engine's command line. Each command lives in its own
// file and exports run(argv): Promise<number> (the exit code).
const COMMANDS: Record<string, () => Promise<{ run(argv: string[]): Promise<number> }>> = {
  strategy: () => import('./strategy.ts'),
  ev: () => import('./ev.ts'),
  simulate: () => import('./simulate.ts'),
  indices: () => import('./indices.ts'),
};

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  const load = name ? COMMANDS[name] : undefined;
  if (!load) {
    process.stderr.write(
      `usage: bj <${Object.keys(COMMANDS).join('|')}> [options]\n` +
        (name ? `unknown command "${name}"\n` : ''),
    );
    return 2;
  }
  return (await load()).run(rest);
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  },
);
