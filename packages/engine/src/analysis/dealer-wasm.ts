// The dealer's outcome rows by WebAssembly: the same arithmetic as evaluateDealer(), every row
// the same bits, several times faster. Rows are nearly all of the analyser's time (a coach
// answer on a pair against an ace in 8 decks evaluates about 4,600 of them).
//  - assembly/dealer-eval.ts (embedded in dealer-eval-wasm.ts): one row at a time.
//  - assembly/dealer-eval-pair.ts (dealer-eval-pair-wasm.ts, WebAssembly SIMD): two or four rows
//    at once, one per vector lane, each lane the single row's arithmetic; about 1.8 and 2.2 times
//    the rows per second. The analyser asks for rows ahead so that they come together
//    (dealer-rows.ts).
//
// One instance of each per thread, made on first use; each dealer table's trie is copied into
// its memory once. Where a module cannot be compiled (a page whose content security policy
// forbids WebAssembly, an engine without SIMD) rows come one at a time from the other module or
// from evaluateDealer(): the same numbers, more slowly.
import { DEALER_EVAL_PAIR_WASM_BASE64 } from './dealer-eval-pair-wasm.ts';
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
    groupOrder: number,
    groupSum: number,
    groups: number,
    maxDrawn: number,
    comp: number,
    remaining: number,
    inverse: number,
    out: number,
  ): void;
}
interface DealerEvalPairExports {
  readonly memory: WasmMemory;
  readonly HEAP_BASE: { readonly value: number };
  evaluatePair(
    link: number,
    nodes: number,
    nodeOrders: number,
    work: number,
    groupStart: number,
    groupEnd: number,
    groupOutcome: number,
    groupDrawn: number,
    groupOrder: number,
    groupSum: number,
    groups: number,
    maxDrawn: number,
    comp0: number,
    comp1: number,
    remaining: number,
    inverse: number,
    outcome: number,
    out0: number,
    out1: number,
  ): void;
  evaluateQuad(
    link: number,
    nodes: number,
    nodeOrders: number,
    work: number,
    groupStart: number,
    groupEnd: number,
    groupOutcome: number,
    groupDrawn: number,
    groupOrder: number,
    groupSum: number,
    groups: number,
    maxDrawn: number,
    comps: number,
    remaining: number,
    inverse: number,
    outcome: number,
    outs: number,
  ): void;
}

/** Byte offsets of one table's trie in a module's memory. */
interface Placed {
  link: number;
  nodes: number;
  nodeOrders: number;
  work: number;
  groupStart: number;
  groupEnd: number;
  groupOutcome: number;
  groupDrawn: number;
  groupOrder: number;
  groupSum: number;
  groups: number;
  maxDrawn: number;
}

const PAGE_BYTES = 65536;
/** The tables there can be: 10 upcards x S17/H17, each with its bust-only table. */
const TABLES_MAX = 40;

/** A module's memory: tables placed once, scratch areas; `lanes` rows per evaluation. */
class WasmTables {
  private readonly placed = new Map<DealerTable, Placed>();
  private top: number;

  /** lanes: rows per evaluation (work areas); linkLanes: the lanes the links' offsets are for. */
  constructor(
    private readonly memory: WasmMemory,
    heapBase: number,
    private readonly lanes: number,
    private readonly linkLanes: number = lanes,
  ) {
    this.top = heapBase;
  }

  /** Reserves bytes (16-aligned, for vector loads), growing the memory when needed. */
  take(bytes: number): number {
    const at = this.top;
    this.top += (bytes + 15) & ~15;
    const short = this.top - this.memory.buffer.byteLength;
    if (short > 0) this.memory.grow(Math.ceil(short / PAGE_BYTES));
    return at;
  }

  of(table: DealerTable): Placed {
    const known = this.placed.get(table);
    if (known) return known;
    if (this.placed.size >= TABLES_MAX) throw new Error('dealer tables: more than there can be (bug)');
    const nodes = table.link.length;
    const groups = table.groupOutcome.length;
    const p: Placed = {
      nodes,
      groups,
      maxDrawn: table.maxDrawn,
      link: this.take(nodes * 4),
      nodeOrders: this.take(nodes * 8),
      work: this.take(nodes * 8 * this.lanes),
      groupStart: this.take(groups * 4),
      groupEnd: this.take(groups * 4),
      groupOutcome: this.take(groups * 4),
      groupDrawn: this.take(groups * 4),
      groupOrder: this.take(groups * 4),
      groupSum: this.take(groups * 8 * this.lanes),
    };
    const buffer = this.memory.buffer; // after every take(): growing replaces the buffer
    // The trie's links as the byte offsets the node loop reads (parent's work, factor's
    // remaining; both within 16 bits: at most 2,479 nodes, 352 factors, 8 bytes a lane).
    const stride = 8 * this.linkLanes;
    if (nodes * stride > 0xffff) throw new Error('dealer table too large for 16-bit offsets (bug)');
    new Uint32Array(buffer, p.link, nodes).set(table.link.map((k) => (((k >>> 9) * stride) << 16) | ((k & 511) * stride)));
    new Float64Array(buffer, p.nodeOrders, nodes).set(table.nodeOrders);
    new Int32Array(buffer, p.groupStart, groups).set(table.groupStart);
    new Int32Array(buffer, p.groupEnd, groups).set(table.groupEnd);
    new Int32Array(buffer, p.groupOutcome, groups).set(table.groupOutcome);
    new Int32Array(buffer, p.groupDrawn, groups).set(table.groupDrawn);
    new Int32Array(buffer, p.groupOrder, groups).set(table.groupOrder);
    this.placed.set(table, p);
    return p;
  }

  /** Views on the module's memory (made again after the memory grew). */
  ints(at: number, length: number): Int32Array {
    return new Int32Array(this.memory.buffer, at, length);
  }

  doubles(at: number, length: number): Float64Array {
    return new Float64Array(this.memory.buffer, at, length);
  }

  current(view: ArrayBufferView): boolean {
    return view.buffer === this.memory.buffer;
  }
}

function copyRow(from: Float64Array, out: Float64Array, offset: number): void {
  for (let k = 0; k < OUTCOME_COUNT; k++) out[offset + k] = from[k] as number;
}

class WasmDealer {
  private readonly tables: WasmTables;
  private readonly comp: number;
  private readonly remaining: number;
  private readonly inverse: number;
  private readonly out: number;
  private compView: Int32Array;
  private outView: Float64Array;

  constructor(private readonly ex: DealerEvalExports) {
    this.tables = new WasmTables(ex.memory, ex.HEAP_BASE.value, 1);
    this.comp = this.tables.take(11 * 4);
    this.remaining = this.tables.take(11 * 32 * 8);
    this.inverse = this.tables.take(32 * 8);
    this.out = this.tables.take(OUTCOME_COUNT * 8);
    this.compView = this.tables.ints(this.comp, 11);
    this.outView = this.tables.doubles(this.out, OUTCOME_COUNT);
  }

  evaluate(table: DealerTable, comp: ArrayLike<number>, out: Float64Array, offset: number): void {
    const p = this.tables.of(table);
    if (!this.tables.current(this.compView)) {
      this.compView = this.tables.ints(this.comp, 11);
      this.outView = this.tables.doubles(this.out, OUTCOME_COUNT);
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
      p.groupOrder,
      p.groupSum,
      p.groups,
      p.maxDrawn,
      this.comp,
      this.remaining,
      this.inverse,
      this.out,
    );
    copyRow(this.outView, out, offset);
  }
}

class WasmDealerPair {
  private readonly tables: WasmTables;
  private readonly comps: number;
  private readonly remaining: number;
  private readonly inverse: number;
  private readonly outcome: number;
  private readonly outs: number;
  private compsView: Int32Array;
  private outsView: Float64Array;

  constructor(private readonly ex: DealerEvalPairExports) {
    // Work areas for four lanes; links as byte offsets for two (evaluateQuad doubles them).
    this.tables = new WasmTables(ex.memory, ex.HEAP_BASE.value, 4, 2);
    this.comps = this.tables.take(4 * 11 * 4);
    this.remaining = this.tables.take(11 * 32 * 32);
    this.inverse = this.tables.take(32 * 32);
    this.outcome = this.tables.take(OUTCOME_COUNT * 32);
    this.outs = this.tables.take(4 * OUTCOME_COUNT * 8);
    this.compsView = this.tables.ints(this.comps, 4 * 11);
    this.outsView = this.tables.doubles(this.outs, 4 * OUTCOME_COUNT);
  }

  /** Rows of comps[11 i .. 11 i + 11), i < n (2 or 4), into out[6 i .. 6 i + 6). */
  evaluate(table: DealerTable, comps: Int32Array, n: 2 | 4, out: Float64Array): void {
    const p = this.tables.of(table);
    if (!this.tables.current(this.compsView)) {
      this.compsView = this.tables.ints(this.comps, 4 * 11);
      this.outsView = this.tables.doubles(this.outs, 4 * OUTCOME_COUNT);
    }
    this.compsView.set(comps.subarray(0, 11 * n));
    const ex = this.ex;
    if (n === 2) {
      ex.evaluatePair(
        p.link,
        p.nodes,
        p.nodeOrders,
        p.work,
        p.groupStart,
        p.groupEnd,
        p.groupOutcome,
        p.groupDrawn,
        p.groupOrder,
        p.groupSum,
        p.groups,
        p.maxDrawn,
        this.comps,
        this.comps + 44,
        this.remaining,
        this.inverse,
        this.outcome,
        this.outs,
        this.outs + 48,
      );
    } else {
      ex.evaluateQuad(
        p.link,
        p.nodes,
        p.nodeOrders,
        p.work,
        p.groupStart,
        p.groupEnd,
        p.groupOutcome,
        p.groupDrawn,
        p.groupOrder,
        p.groupSum,
        p.groups,
        p.maxDrawn,
        this.comps,
        this.remaining,
        this.inverse,
        this.outcome,
        this.outs,
      );
    }
    out.set(this.outsView.subarray(0, OUTCOME_COUNT * n));
  }
}

function instantiate(base64: string): unknown {
  const wasm = (globalThis as unknown as { WebAssembly?: WasmApi }).WebAssembly;
  if (!wasm) throw new Error('no WebAssembly');
  const text = atob(base64);
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  // Small enough (under 4 KB) for browsers to compile synchronously on the main thread.
  return new wasm.Instance(new wasm.Module(bytes), {}).exports;
}

let single: WasmDealer | null | undefined;
let pair: WasmDealerPair | null | undefined;
let enabled = true;
let pairEnabled = true;

function wasmDealer(): WasmDealer | null {
  if (single !== undefined) return single;
  try {
    single = new WasmDealer(instantiate(DEALER_EVAL_WASM_BASE64) as DealerEvalExports);
  } catch {
    single = null; // evaluateDealer() gives the same rows
  }
  return single;
}

function wasmDealerPair(): WasmDealerPair | null {
  if (pair !== undefined) return pair;
  try {
    pair = new WasmDealerPair(instantiate(DEALER_EVAL_PAIR_WASM_BASE64) as DealerEvalPairExports);
  } catch {
    pair = null; // no SIMD: rows one at a time, the same bits
  }
  return pair;
}

/** Turns the WebAssembly evaluators off (true: back on); for tests comparing the paths. */
export function useDealerWasm(on: boolean): void {
  enabled = on;
}

/** True when rows come from WebAssembly. */
export function dealerWasmActive(): boolean {
  return enabled && wasmDealer() !== null;
}

/** Turns the two-row evaluator alone off (true: back on); for tests comparing the paths. */
export function useDealerWasmPair(on: boolean): void {
  pairEnabled = on;
}

/** True when rows can come two at a time from WebAssembly SIMD. */
export function dealerWasmPairActive(): boolean {
  return enabled && pairEnabled && wasmDealerPair() !== null;
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

/**
 * Two or four rows, each evaluateDealerRow()'s bits, of the compositions comps[11 i .. 11 i + 11)
 * into out[6 i .. 6 i + 6): at once by WebAssembly SIMD when available.
 */
export function evaluateDealerRowsAtOnce(
  table: DealerTable,
  comps: Int32Array,
  n: 2 | 4,
  scratch: DealerScratch,
  out: Float64Array,
): void {
  const w = enabled && pairEnabled ? wasmDealerPair() : null;
  if (w) w.evaluate(table, comps, n, out);
  else {
    for (let i = 0; i < n; i++) evaluateDealerRow(table, comps.subarray(11 * i, 11 * i + 11), scratch, out, OUTCOME_COUNT * i);
  }
}
