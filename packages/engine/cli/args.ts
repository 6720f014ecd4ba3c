// Shared command-line helpers for the `bj` commands (strategy, ev, simulate).
// Kept generic: a tiny flag parser, the --rules JSON option and the --json switch, and a
// wrapper that turns CliError/RulesError into "message on stderr, non-zero exit".
import { parseRules, RulesError, type Rules } from '../src/index.ts';

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

/** Where a command writes; injectable so tests can call run() and capture the output. */
export interface CliIo {
  out(text: string): void;
  err(text: string): void;
}

export const processIo: CliIo = {
  out: (text) => void process.stdout.write(text),
  err: (text) => void process.stderr.write(text),
};

/**
 * Runs a command body, mapping input errors (CliError, RulesError) to a message on stderr and
 * exit code 2. Other errors propagate (they are bugs, main.ts prints them and exits 1).
 */
export async function runCommand(io: CliIo, body: () => Promise<number> | number): Promise<number> {
  try {
    return await body();
  } catch (e) {
    if (e instanceof CliError || e instanceof RulesError) {
      io.err(`${e.message}\n`);
      return 2;
    }
    throw e;
  }
}

/** Prints a value as JSON (one document, trailing newline). */
export function printJson(io: CliIo, value: unknown): void {
  io.out(`${JSON.stringify(value, null, 2)}\n`);
}

/** Left/right pads cells into aligned text rows (for the readable, non --json output). */
export function formatTable(rows: readonly (readonly string[])[]): string {
  const widths: number[] = [];
  for (const row of rows) {
    row.forEach((cell, i) => {
      widths[i] = Math.max(widths[i] ?? 0, cell.length);
    });
  }
  return rows
    .map((row) => row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join('  '))
    .join('\n');
}
