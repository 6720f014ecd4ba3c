// Compiles the simulator's WebAssembly core once per thread and instantiates it per SimCore.
// The bytes are embedded (sim-core-wasm.ts, generated from assembly/sim-core.ts), so the engine
// keeps its rule of no IO: the same code loads in Node, worker_threads, browsers and Web Workers.
import { SIM_CORE_WASM_BASE64 } from './sim-core-wasm.ts';

// The few WebAssembly APIs used here, typed locally: the engine compiles without the DOM
// library (which declares them) and Node's types do not.
type CompiledModule = object;
interface WasmGlobal {
  readonly value: number;
}
interface WasmApi {
  Module: new (bytes: Uint8Array) => CompiledModule;
  Instance: new (module: CompiledModule, imports: object) => { readonly exports: unknown };
  Global: abstract new (...args: never[]) => WasmGlobal;
  compile(bytes: Uint8Array): Promise<CompiledModule>;
}
const wasm = (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly;

/** What assembly/sim-core.ts exports (constants are WebAssembly globals). */
export interface SimCoreExports {
  readonly memory: { readonly buffer: ArrayBuffer };
  readonly [constant: `${Uppercase<string>}`]: WasmGlobal;
  reserve(bytes: number): number;
  configure(
    cards: number,
    spots: number,
    maxHands: number,
    bjPays: number,
    tcLut: number,
    tcRcOffset: number,
    decisions: number,
    wongIn: number,
    insuranceAllowed: number,
    csm: number,
    bankroll_units: number,
  ): void;
  configurePlayer(mistakes: number, rcNoise: number): void;
  configureTable(seats: number, seatErrorRate: number, wongOut: number, reenter: number, roundsPerShoe: number, cutSpread: number): void;
  startChunk(s0: number, s1: number, s2: number, s3: number): void;
  useStackedShoe(): void;
  position(): number;
  runningCount(): number;
  lastResult(): number;
  nextUint32(): number;
  runChunk(minRounds: number, maxRounds: number): void;
  roundStartPosition(): number;
  playRound(): void;
}

let compiled: CompiledModule | null = null;

function wasmBytes(): Uint8Array {
  const text = atob(SIM_CORE_WASM_BASE64);
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

/**
 * Compiles the module ahead of time. Browsers refuse to compile a module this size
 * synchronously on the main thread, so a page calls this before creating a core there; Node and
 * workers may skip it.
 */
export async function preloadSimCore(): Promise<void> {
  compiled ??= await wasm.compile(wasmBytes());
}

/** A fresh instance (its own memory) of the core. */
export function instantiateSimCore(): SimCoreExports {
  compiled ??= new wasm.Module(wasmBytes());
  const instance = new wasm.Instance(compiled, {});
  return instance.exports as unknown as SimCoreExports;
}

/** The value of an exported constant (pointer or layout number). */
export function constant(core: SimCoreExports, name: Uppercase<string>): number {
  const g = core[name];
  if (!(g instanceof wasm.Global)) throw new Error(`sim core: no exported constant ${name}`);
  return g.value as number;
}
