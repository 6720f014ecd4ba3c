// The dealer's outcome rows by WebAssembly (assembly/dealer-eval.ts, embedded in
// dealer-eval-wasm.ts): the same arithmetic as evaluateDealer(), every row the same bits, about
// three times faster. Rows are nearly all of the analyser's time, so this is what brings one
// coach answer on a pair against an ace in 8 decks near 20 ms.
//
// One instance per thread, made on first use; each dealer table's trie is copied into its
// memory once. Where WebAssembly cannot be compiled (a page whose content security policy
// forbids it, say) rows come from evaluateDealer(), the same numbers more slowly.
import { DEALER_EVAL_WASM_BASE64 } from './dealer-eval-wasm.ts';
import { DealerScratch, evaluateDealer, OUTCOME_COUNT, type DealerTable } from './dealer-table.ts';

// The few WebAssembly APIs used here, typed locally (as in src/sim/wasm/load.ts).
interface WasmMemory {
  readonly buffer: ArrayBuffer;
  grow(pages: number): number;
}
interface WasmApi {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: object) => { readonly exports: unknown };
}
interface DealerEvalExports {
  readonly memory: WasmMemory;
  readonly HEAP_BASE: { readonly value: number };
  evaluate(
    link: number,
    nodes: number,
    nodeOrders: number,
    work: number,
    groupStart: number,
    groupEnd: number,
    groupOutcome: number,
    groupDrawn: number,
    groups: number,
    maxDrawn: number,
    comp: number,
    remaining: number,
    inverse: number,
    out: number,
  ): void;
}

/** Byte offsets of one table's trie in the module's memory. */
interface Placed {
  link: number;
  nodes: number;
  nodeOrders: number;
  work: number;
  groupStart: number;
  groupEnd: number;
  groupOutcome: number;
  groupDrawn: number;
  groups: number;
  maxDrawn: number;
}

const PAGE_BYTES = 65536;
/** The tables there can be: 10 upcards x S17/H17, each with its bust-only table. */
const TABLES_MAX = 40;

class WasmDealer {
  private readonly placed = new Map<DealerTable, Placed>();
  private top: number;
  private readonly comp: number;
  private readonly remaining: number;
  private readonly inverse: number;
  private readonly out: number;
  private compView: Int32Array;
  private outView: Float64Array;

  constructor(private readonly ex: DealerEvalExports) {
    this.top = ex.HEAP_BASE.value;
    this.comp = this.take(11 * 4);
    this.remaining = this.take(11 * 32 * 8);
    this.inverse = this.take(32 * 8);
    this.out = this.take(OUTCOME_COUNT * 8);
    this.compView = new Int32Array(ex.memory.buffer, this.comp, 11);
    this.outView = new Float64Array(ex.memory.buffer, this.out, OUTCOME_COUNT);
  }

  /** Reserves bytes (8-aligned), growing the memory when needed. */
  private take(bytes: number): number {
    const at = this.top;
    this.top += (bytes + 7) & ~7;
    const short = this.top - this.ex.memory.buffer.byteLength;
    if (short > 0) this.ex.memory.grow(Math.ceil(short / PAGE_BYTES));
    return at;
  }

  private place(table: DealerTable): Placed {
    if (this.placed.size >= TABLES_MAX) throw new Error('dealer tables: more than there can be (bug)');
    const nodes = table.link.length;
    const groups = table.groupOutcome.length;
    const p: Placed = {
      nodes,
      groups,
      maxDrawn: table.maxDrawn,
      link: this.take(nodes * 4),
      nodeOrders: this.take(nodes * 8),
      work: this.take(nodes * 8),
      groupStart: this.take(groups * 4),
      groupEnd: this.take(groups * 4),
      groupOutcome: this.take(groups * 4),
      groupDrawn: this.take(groups * 4),
    };
    const buffer = this.ex.memory.buffer; // after every take(): growing replaces the buffer
    new Uint32Array(buffer, p.link, nodes).set(table.link);
    new Float64Array(buffer, p.nodeOrders, nodes).set(table.nodeOrders);
    new Int32Array(buffer, p.groupStart, groups).set(table.groupStart);
    new Int32Array(buffer, p.groupEnd, groups).set(table.groupEnd);
    new Int32Array(buffer, p.groupOutcome, groups).set(table.groupOutcome);
    new Int32Array(buffer, p.groupDrawn, groups).set(table.groupDrawn);
    this.placed.set(table, p);
    return p;
  }

  evaluate(table: DealerTable, comp: ArrayLike<number>, out: Float64Array, offset: number): void {
    const p = this.placed.get(table) ?? this.place(table);
    if (this.compView.buffer !== this.ex.memory.buffer) {
      this.compView = new Int32Array(this.ex.memory.buffer, this.comp, 11);
      this.outView = new Float64Array(this.ex.memory.buffer, this.out, OUTCOME_COUNT);
    }
    const c = this.compView;
    for (let v = 1; v <= 10; v++) c[v] = comp[v] as number;
    this.ex.evaluate(
      p.link,
      p.nodes,
      p.nodeOrders,
      p.work,
      p.groupStart,
      p.groupEnd,
      p.groupOutcome,
      p.groupDrawn,
      p.groups,
      p.maxDrawn,
      this.comp,
      this.remaining,
      this.inverse,
      this.out,
    );
    const o = this.outView;
    for (let k = 0; k < OUTCOME_COUNT; k++) out[offset + k] = o[k] as number;
  }
}

let instance: WasmDealer | null | undefined;
let enabled = true;

function wasmDealer(): WasmDealer | null {
  if (instance !== undefined) return instance;
  try {
    const wasm = (globalThis as unknown as { WebAssembly?: WasmApi }).WebAssembly;
    if (!wasm) throw new Error('no WebAssembly');
    const text = atob(DEALER_EVAL_WASM_BASE64);
    const bytes = new Uint8Array(text.length);
    for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
    // Small enough (under 4 KB) for browsers to compile synchronously on the main thread.
    instance = new WasmDealer(new wasm.Instance(new wasm.Module(bytes), {}).exports as DealerEvalExports);
  } catch {
    instance = null; // evaluateDealer() gives the same rows
  }
  return instance;
}

/** Turns the WebAssembly evaluator off (true: back on); for tests comparing the two paths. */
export function useDealerWasm(on: boolean): void {
  enabled = on;
}

/** True when rows come from WebAssembly. */
export function dealerWasmActive(): boolean {
  return enabled && wasmDealer() !== null;
}

/**
 * evaluateDealer(table, comp, scratch, out, offset), by WebAssembly when it is available: the
 * same bits either way.
 */
export function evaluateDealerRow(
  table: DealerTable,
  comp: ArrayLike<number>,
  scratch: DealerScratch,
  out: Float64Array,
  offset: number,
): void {
  const w = enabled ? wasmDealer() : null;
  if (w) w.evaluate(table, comp, out, offset);
  else evaluateDealer(table, comp, scratch, out, offset);
}
