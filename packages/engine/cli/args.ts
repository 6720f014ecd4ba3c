// Shared command-line helpers for the `bj` commands (strategy, ev, simulate).
// Kept generic: a tiny flag parser, --help, the --rules JSON option and the --json switch, a
// wrapper that turns CliError/RulesError into "message on stderr, non-zero exit", and the
// process's terminal: a progress bar only when stderr is a terminal, and Ctrl-C.
import { SingleBar } from 'cli-progress';
import { COUNTING_SYSTEMS, CustomCountError, parseCustomCount, parseRules, RulesError, type CountSpec, type Rules } from '../src/index.ts';

/** A usage or input error: printed on stderr, exit code 2. */
export class CliError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CliError';
  }
}

export interface FlagSpec {
  /** Flags that take a value: `--name value` or `--name=value`. */
  readonly values?: readonly string[];
  /** Flags without a value: `--name`. */
  readonly switches?: readonly string[];
}

export interface ParsedArgs {
  /** Value flags as given (last one wins). */
  readonly values: ReadonlyMap<string, string>;
  /** Switches that were present. */
  readonly switches: ReadonlySet<string>;
  /** Arguments that are not flags, in order. */
  readonly positional: readonly string[];
}

/** Parses argv against a spec; unknown flags and missing values throw CliError. */
export function parseArgs(argv: readonly string[], spec: FlagSpec): ParsedArgs {
  const valueNames = new Set(spec.values ?? []);
  const switchNames = new Set(spec.switches ?? []);
  const values = new Map<string, string>();
  const switches = new Set<string>();
  const positional: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (!arg.startsWith('--') || arg === '--') {
      if (arg !== '--') positional.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    const name = eq >= 0 ? arg.slice(2, eq) : arg.slice(2);
    if (valueNames.has(name)) {
      let value: string | undefined;
      if (eq >= 0) value = arg.slice(eq + 1);
      else {
        value = argv[i + 1];
        i++;
      }
      if (value === undefined) throw new CliError(`--${name} needs a value.`);
      values.set(name, value);
    } else if (switchNames.has(name)) {
      if (eq >= 0) throw new CliError(`--${name} takes no value.`);
      switches.add(name);
    } else {
      throw new CliError(`unknown option --${name}.`);
    }
  }
  return { values, switches, positional };
}

/** The value of --rules (a JSON object of Rules keys, missing keys take the defaults). */
export function rulesFromJson(json: string | undefined): Rules {
  if (json === undefined) return parseRules({});
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch (e) {
    throw new CliError(`--rules is not valid JSON: ${e instanceof Error ? e.message : String(e)}`);
  }
  return parseRules(parsed);
}

/** Rules from parsed args (flag name `rules`). */
export function rulesFromArgs(args: ParsedArgs): Rules {
  return rulesFromJson(args.values.get('rules'));
}

/**
 * The count of --count (a built-in id; "hilo" is Hi-Lo) or --custom (a count of one's own as
 * JSON: {"tags":{"A":-1,"2":1,...,"T":-1}} with "irc", "key" and "pivot" for an unbalanced one).
 */
export function countFromArgs(args: ParsedArgs): CountSpec {
  const customText = args.values.get('custom');
  const name = (args.values.get('count') ?? (customText === undefined ? 'hilo' : 'custom')).replace(/^hilo$/, 'hi-lo');
  if (name === 'custom') {
    if (customText === undefined) throw new CliError('--count custom needs --custom JSON, the count: {"tags":{"A":-1,"2":1,...,"T":-1}}.');
    let parsed: unknown;
    try {
      parsed = JSON.parse(customText);
    } catch (e) {
      throw new CliError(`--custom is not valid JSON: ${e instanceof Error ? e.message : String(e)}`);
    }
    try {
      return { system: 'custom', custom: parseCustomCount(parsed) };
    } catch (e) {
      if (e instanceof CustomCountError) throw new CliError(`--custom: ${e.message} (${e.code})`);
      throw e;
    }
  }
  if (customText !== undefined) throw new CliError(`--custom is a count of its own: leave out --count ${name}.`);
  if (!(name in COUNTING_SYSTEMS)) throw new CliError(`--count must be one of hilo, ${Object.keys(COUNTING_SYSTEMS).join(', ')}, or custom with --custom.`);
  return { system: name as CountSpec['system'] };
}

/** A progress display: `update` with the work done so far, `stop` once at the end. */
export interface Progress {
  update(done: number): void;
  stop(): void;
}

/** Where a command writes; injectable so tests can call run() and capture the output. */
export interface CliIo {
  out(text: string): void;
  err(text: string): void;
  /**
   * A progress display for `total` units of work, or null when there is no terminal to show it
   * on (a pipe, a log file, CI, a test): progress is never written into logs. Absent: null.
   */
  progress?(total: number, unit: string): Progress | null;
  /** Calls `handler` on Ctrl-C (SIGINT) until the returned function is called. */
  onInterrupt?(handler: () => void): () => void;
}

/** cli-progress's bar on stderr, only when stderr is a terminal. */
function terminalProgress(total: number, unit: string): Progress | null {
  if (!process.stderr.isTTY) return null;
  const bar = new SingleBar({
    stream: process.stderr,
    format: `[{bar}] {percentage}% | {value}/{total} ${unit} | ETA {eta_formatted}`,
    hideCursor: true,
    clearOnComplete: true,
    formatValue: (v, _options, type) => (type === 'value' || type === 'total' ? Number(v).toLocaleString('en-US') : String(v)),
  });
  bar.start(total, 0);
  return {
    update: (done) => bar.update(Math.min(done, total)),
    stop: () => bar.stop(),
  };
}

export const processIo: CliIo = {
  out: (text) => void process.stdout.write(text),
  err: (text) => void process.stderr.write(text),
  progress: terminalProgress,
  onInterrupt: (handler) => {
    // The first Ctrl-C asks the command to stop; a second one quits at once.
    let pressed = false;
    const listener = (): void => {
      if (pressed) process.exit(130);
      pressed = true;
      handler();
    };
    process.on('SIGINT', listener);
    return () => void process.off('SIGINT', listener);
  },
};

/** Did the user ask for the command's help (--help or -h anywhere)? */
export function wantsHelp(argv: readonly string[]): boolean {
  return argv.includes('--help') || argv.includes('-h');
}

/**
 * Runs a command body, mapping input errors (CliError, RulesError) to a message on stderr and
 * exit code 2. With `command`, --help (or -h) prints its usage instead and exits 0. Other
 * errors propagate (they are bugs, main.ts prints them and exits 1).
 */
export async function runCommand(io: CliIo, body: () => Promise<number> | number, command?: { name: string; usage: string; argv: readonly string[] }): Promise<number> {
  if (command && wantsHelp(command.argv)) {
    io.out(command.usage);
    return 0;
  }
  try {
    return await body();
  } catch (e) {
    if (e instanceof CliError || e instanceof RulesError) {
      const hint = command && e instanceof CliError && !e.message.includes('--help') ? ` (bj ${command.name} --help lists the options)` : '';
      io.err(`${e.message}${hint}\n`);
      return 2;
    }
    throw e;
  }
}

/** Prints a value as JSON (one document, trailing newline). */
export function printJson(io: CliIo, value: unknown): void {
  io.out(`${JSON.stringify(value, null, 2)}\n`);
}

/**
 * Pads cells into aligned text rows (for the readable, non --json output): the first column to
 * the left, the others to the right (numbers line up) unless `alignLeft`.
 */
export function formatTable(rows: readonly (readonly string[])[], alignLeft = false): string {
  const widths: number[] = [];
  for (const row of rows) {
    row.forEach((cell, i) => {
      widths[i] = Math.max(widths[i] ?? 0, cell.length);
    });
  }
  return rows
    .map((row) =>
      row
        .map((cell, i) => (i === 0 || alignLeft ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0)))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}
