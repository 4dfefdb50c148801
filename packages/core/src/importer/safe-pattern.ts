/**
 * The `pattern` rule of importer fields (docs/importer.md, "Validation rules"): a subset of
 * JavaScript regular expressions that is checked when a config is saved and then matched in time
 * linear in the cell's length, whatever the pattern and the cell. Patterns come from importer
 * configs and cells from end users' files, so a backtracking engine (every browser's and Node's
 * `RegExp`) would let one crafted pair hang the worker or the server (ReDoS).
 *
 * Two layers: the checker refuses what cannot be matched without backtracking (backreferences,
 * lookaround) and what makes backtracking explode (a repeated group that itself repeats or
 * alternates, such as `(a+)+` or `(a|aa)*`); the matcher then runs the pattern as a Thompson NFA
 * (every state advanced one character at a time), never through `RegExp.prototype.exec` on the
 * whole cell. `RegExp` is used only to test one character against one character class.
 */

/** Longest pattern accepted, in UTF-16 code units (the schema's limit too). */
export const PATTERN_MAX_LENGTH = 500;
/** Most NFA states a pattern may compile to (counted repeats such as `{1,50}` copy their body). */
const MAX_STATES = 5_000;
/** Largest `{n,m}` count. */
const MAX_COUNT = 1_000;

type Node =
  | { t: 'char'; src: string }
  | { t: 'assert'; kind: '^' | '$' | 'b' | 'B' }
  | { t: 'seq'; items: Node[] }
  | { t: 'alt'; options: Node[] }
  | { t: 'repeat'; body: Node; min: number; max: number };

/** Why a pattern was refused; `message` is written for the person who wrote the pattern. */
export class UnsafePatternError extends Error {
  override readonly name = 'UnsafePatternError';
}

class Parser {
  private i = 0;
  constructor(private readonly s: string) {}

  parse(): Node {
    const node = this.alternation();
    if (this.i < this.s.length) throw new UnsafePatternError(`unexpected ${JSON.stringify(this.s[this.i])} at position ${this.i}`);
    return node;
  }

  private alternation(): Node {
    const options = [this.sequence()];
    while (this.s[this.i] === '|') {
      this.i += 1;
      options.push(this.sequence());
    }
    return options.length === 1 ? (options[0] as Node) : { t: 'alt', options };
  }

  private sequence(): Node {
    const items: Node[] = [];
    while (this.i < this.s.length && this.s[this.i] !== '|' && this.s[this.i] !== ')') {
      const atom = this.atom();
      items.push(this.quantified(atom));
    }
    return items.length === 1 ? (items[0] as Node) : { t: 'seq', items };
  }

  private atom(): Node {
    const s = this.s;
    const start = this.i;
    const c = s[this.i] as string;
    if (c === '(') {
      this.i += 1;
      if (s[this.i] === '?') {
        if (s.startsWith('?:', this.i)) this.i += 2;
        else if (s.startsWith('?=', this.i) || s.startsWith('?!', this.i) || s.startsWith('?<=', this.i) || s.startsWith('?<!', this.i)) {
          throw new UnsafePatternError('lookahead and lookbehind ((?=…), (?!…), (?<=…), (?<!…)) are not supported');
        } else if (s[this.i + 1] === '<') {
          const close = s.indexOf('>', this.i);
          this.i = close + 1;
        } else throw new UnsafePatternError(`unsupported group at position ${start}`);
      }
      const body = this.alternation();
      if (s[this.i] !== ')') throw new UnsafePatternError(`unclosed group at position ${start}`);
      this.i += 1;
      return body;
    }
    if (c === '[') {
      this.i += 1;
      while (this.i < s.length && s[this.i] !== ']') this.i += s[this.i] === '\\' ? 2 : 1;
      this.i += 1;
      return { t: 'char', src: s.slice(start, this.i) };
    }
    if (c === '^' || c === '$') {
      this.i += 1;
      return { t: 'assert', kind: c };
    }
    if (c === '\\') return this.escape();
    const cp = s.codePointAt(this.i) as number;
    this.i += cp > 0xffff ? 2 : 1;
    return { t: 'char', src: s.slice(start, this.i) };
  }

  private escape(): Node {
    const s = this.s;
    const start = this.i;
    const c = s[this.i + 1] ?? '';
    this.i += 2;
    if (c >= '1' && c <= '9') throw new UnsafePatternError('backreferences (\\1 and so on) are not supported');
    if (c === 'k') throw new UnsafePatternError('named backreferences (\\k<name>) are not supported');
    if (c === 'b' || c === 'B') return { t: 'assert', kind: c };
    if ((c === 'p' || c === 'P' || c === 'u') && s[this.i] === '{') this.i = s.indexOf('}', this.i) + 1;
    else if (c === 'u') this.i += 4;
    else if (c === 'x') this.i += 2;
    else if (c === 'c') this.i += 1;
    return { t: 'char', src: s.slice(start, this.i) };
  }

  private quantified(atom: Node): Node {
    const s = this.s;
    let min: number;
    let max: number;
    const c = s[this.i];
    if (c === '*') [min, max] = [0, Infinity];
    else if (c === '+') [min, max] = [1, Infinity];
    else if (c === '?') [min, max] = [0, 1];
    else if (c === '{') {
      const match = /^\{(\d+)(,(\d*))?\}/.exec(s.slice(this.i));
      if (match === null) return atom;
      min = Number(match[1]);
      max = match[2] === undefined ? min : match[3] === '' ? Infinity : Number(match[3]);
      if (min > MAX_COUNT || (max !== Infinity && max > MAX_COUNT)) throw new UnsafePatternError(`a count above ${MAX_COUNT} is not supported`);
      this.i += match[0].length - 1;
    } else return atom;
    this.i += 1;
    if (s[this.i] === '?') this.i += 1; // lazy or greedy: the same set of matching cells
    if (atom.t === 'assert') throw new UnsafePatternError('an anchor cannot be repeated');
    return { t: 'repeat', body: atom, min, max };
  }
}

/** True when matching `node` can take more than one path: a variable repeat or an alternation. */
function branches(node: Node): boolean {
  switch (node.t) {
    case 'char':
    case 'assert':
      return false;
    case 'alt':
      return true;
    case 'seq':
      return node.items.some(branches);
    case 'repeat':
      return node.min !== node.max || branches(node.body);
  }
}

function checkNesting(node: Node): void {
  switch (node.t) {
    case 'seq':
      node.items.forEach(checkNesting);
      return;
    case 'alt':
      node.options.forEach(checkNesting);
      return;
    case 'repeat':
      if (node.max > 1 && branches(node.body)) {
        throw new UnsafePatternError('a repeated group must not itself repeat or alternate, as in (a+)+ or (a|b)*; use a character class such as [ab]* instead');
      }
      checkNesting(node.body);
      return;
    default:
      return;
  }
}

const OP_CHAR = 0;
const OP_SPLIT = 1;
const OP_JMP = 2;
const OP_ASSERT = 3;
const OP_MATCH = 4;

interface Instruction {
  op: number;
  /** OP_CHAR: the one-character test; OP_ASSERT: the anchor. */
  test?: RegExp;
  ascii?: Int8Array;
  kind?: '^' | '$' | 'b' | 'B';
  /** OP_SPLIT: both targets; OP_JMP: `x`. */
  x: number;
  y: number;
}

function compile(root: Node): Instruction[] {
  const program: Instruction[] = [];
  const push = (instruction: Omit<Instruction, 'x' | 'y'> & Partial<Pick<Instruction, 'x' | 'y'>>): number => {
    if (program.length >= MAX_STATES) throw new UnsafePatternError('the pattern is too large; use fewer or smaller counted repeats');
    program.push({ x: -1, y: -1, ...instruction });
    return program.length - 1;
  };
  const emit = (node: Node): void => {
    switch (node.t) {
      case 'char': {
        const test = new RegExp(`^(?:${node.src})$`, 'u');
        push({ op: OP_CHAR, test, ascii: new Int8Array(128).fill(-1) });
        return;
      }
      case 'assert':
        push({ op: OP_ASSERT, kind: node.kind });
        return;
      case 'seq':
        node.items.forEach(emit);
        return;
      case 'alt': {
        const jumps: number[] = [];
        node.options.forEach((option, k) => {
          if (k < node.options.length - 1) {
            const split = push({ op: OP_SPLIT });
            (program[split] as Instruction).x = program.length;
            emit(option);
            jumps.push(push({ op: OP_JMP }));
            (program[split] as Instruction).y = program.length;
          } else emit(option);
        });
        for (const jump of jumps) (program[jump] as Instruction).x = program.length;
        return;
      }
      case 'repeat': {
        for (let k = 0; k < node.min; k++) emit(node.body);
        if (node.max === Infinity) {
          const split = push({ op: OP_SPLIT });
          (program[split] as Instruction).x = program.length;
          emit(node.body);
          push({ op: OP_JMP, x: split });
          (program[split] as Instruction).y = program.length;
          return;
        }
        const splits: number[] = [];
        for (let k = node.min; k < node.max; k++) {
          const split = push({ op: OP_SPLIT });
          (program[split] as Instruction).x = program.length;
          splits.push(split);
          emit(node.body);
        }
        for (const split of splits) (program[split] as Instruction).y = program.length;
        return;
      }
    }
  };
  emit(root);
  push({ op: OP_MATCH });
  return program;
}

/** A checked pattern, matched against the whole of a cell. */
export interface SafePattern {
  readonly source: string;
  /** True when all of `text` matches (the pattern is anchored at both ends, like HTML's `pattern`). */
  test(text: string): boolean;
}

/**
 * Checks and compiles a `pattern` rule; throws {@link UnsafePatternError} saying why one is refused.
 * The syntax is that of a JavaScript regular expression with the `u` flag.
 *
 * @example
 * compileSafePattern('[A-Z]{3}-\\d{4}').test('ABC-1234') // true
 * compileSafePattern('(a+)+$')                          // throws UnsafePatternError
 */
export function compileSafePattern(source: string): SafePattern {
  if (source.length > PATTERN_MAX_LENGTH) throw new UnsafePatternError(`a pattern is at most ${PATTERN_MAX_LENGTH} characters`);
  try {
    // Syntax only: the native engine never runs the pattern on a cell.
    new RegExp(source, 'u');
  } catch (error) {
    throw new UnsafePatternError(`not a valid regular expression: ${(error as Error).message}`);
  }
  const root = new Parser(source).parse();
  checkNesting(root);
  const program = compile(root);
  // Word boundaries depend on the characters either side of a position, which a DFA state does
  // not know: such patterns are simulated directly (still linear, only slower).
  if (program.some((instruction) => instruction.kind === 'b' || instruction.kind === 'B')) return { source, test: (text) => run(program, text) };
  const dfa = new LazyDfa(program);
  return { source, test: (text) => dfa.test(text) };
}

/** Why `source` is refused as a pattern, or `null` when it is accepted. */
export function patternProblem(source: string): string | null {
  try {
    compileSafePattern(source);
    return null;
  } catch (error) {
    if (error instanceof UnsafePatternError) return error.message;
    throw error;
  }
}

function isWordCode(code: number): boolean {
  return (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95;
}

function testChar(instruction: Instruction, code: number, char: string): boolean {
  if (code < 128) {
    const ascii = instruction.ascii as Int8Array;
    let known = ascii[code] as number;
    if (known < 0) {
      known = (instruction.test as RegExp).test(char) ? 1 : 0;
      ascii[code] = known;
    }
    return known === 1;
  }
  return (instruction.test as RegExp).test(char);
}

/** Pike's simulation: every live state advances together, so the work is states × characters. */
function run(program: readonly Instruction[], text: string): boolean {
  const chars = Array.from(text);
  const codes = chars.map((char) => char.codePointAt(0) as number);
  const n = chars.length;
  const marks = new Int32Array(program.length).fill(-1);
  const stack: number[] = [];

  // The states reachable from `starts` without reading a character, at position `at`: character
  // tests go to `into`; the result says whether the match state was reached at the end.
  const closure = (starts: readonly number[], at: number, into: number[]): boolean => {
    let matched = false;
    for (const start of starts) stack.push(start);
    while (stack.length > 0) {
      const pc = stack.pop() as number;
      if (marks[pc] === at) continue;
      marks[pc] = at;
      const instruction = program[pc] as Instruction;
      switch (instruction.op) {
        case OP_CHAR:
          into.push(pc);
          break;
        case OP_MATCH:
          if (at === n) matched = true;
          break;
        case OP_JMP:
          stack.push(instruction.x);
          break;
        case OP_SPLIT:
          stack.push(instruction.y, instruction.x);
          break;
        case OP_ASSERT:
          if (assertionHolds(instruction.kind as string, codes, at)) stack.push(pc + 1);
          break;
      }
    }
    return matched;
  };

  let current: number[] = [];
  let matched = closure([0], 0, current);
  for (let at = 0; at < n && current.length > 0; at++) {
    const char = chars[at] as string;
    const code = codes[at] as number;
    const advanced: number[] = [];
    for (const pc of current) if (testChar(program[pc] as Instruction, code, char)) advanced.push(pc + 1);
    current = [];
    matched = closure(advanced, at + 1, current);
  }
  return matched;
}

function assertionHolds(kind: string, codes: readonly number[], at: number): boolean {
  const n = codes.length;
  if (kind === '^') return at === 0;
  if (kind === '$') return at === n;
  const boundary = (at > 0 && isWordCode(codes[at - 1] as number)) !== (at < n && isWordCode(codes[at] as number));
  return kind === 'b' ? boundary : !boundary;
}

/** One DFA state: a set of NFA states, what it matches at the end, and its transitions so far. */
interface DfaState {
  /** The character-test instructions the set holds after its closure. */
  readonly chars: readonly number[];
  /** True when the text may end here. */
  readonly accept: boolean;
  /** Next state by ASCII code (-1: not computed yet). */
  readonly ascii: Int32Array;
  /** Next state by any other code point. */
  other: Map<number, number> | undefined;
}

/** DFA states kept per pattern before the cache starts over (each is a few hundred bytes). */
const MAX_DFA_STATES = 2_000;

/**
 * The NFA run as a DFA built lazily, as RE2 does: each set of NFA states met is one DFA state,
 * and its transition on a character is computed once, so a cell costs one table lookup per
 * character once the pattern's common states are built. The number of DFA states a cell can add
 * is at most its length, so the time stays linear.
 */
class LazyDfa {
  private states: DfaState[] = [];
  private byKey = new Map<string, number>();
  private start = 0;
  private emptyAccepts = false;
  private readonly marks: Int32Array;
  private generation = 0;
  private readonly stack: number[] = [];

  constructor(private readonly program: readonly Instruction[]) {
    this.marks = new Int32Array(program.length);
    this.reset();
  }

  test(text: string): boolean {
    if (this.states.length > MAX_DFA_STATES) this.reset();
    const n = text.length;
    if (n === 0) return this.emptyAccepts;
    let state = this.states[this.start] as DfaState;
    for (let i = 0; i < n; i++) {
      let code = text.charCodeAt(i);
      if (code >= 0xd800 && code <= 0xdbff && i + 1 < n) {
        const low = text.charCodeAt(i + 1);
        if (low >= 0xdc00 && low <= 0xdfff) {
          code = (code - 0xd800) * 0x400 + (low - 0xdc00) + 0x10000;
          i += 1;
        }
      }
      let next: number;
      if (code < 128) {
        next = state.ascii[code] as number;
        if (next < 0) {
          next = this.step(state, code);
          state.ascii[code] = next;
        }
      } else {
        const known = state.other?.get(code);
        if (known === undefined) {
          next = this.step(state, code);
          (state.other ??= new Map()).set(code, next);
        } else next = known;
      }
      state = this.states[next] as DfaState;
      if (state.chars.length === 0 && !state.accept) return false;
    }
    return state.accept;
  }

  private reset(): void {
    this.states = [];
    this.byKey = new Map();
    const chars: number[] = [];
    this.closure([0], true, false, chars);
    this.emptyAccepts = this.closure([0], true, true, []);
    this.start = this.add(chars, false);
  }

  /** The state after reading `code` in `state`. */
  private step(state: DfaState, code: number): number {
    const char = String.fromCodePoint(code);
    const kernel: number[] = [];
    for (const pc of state.chars) if (testChar(this.program[pc] as Instruction, code, char)) kernel.push(pc + 1);
    const key = kernel.join(',');
    const known = this.byKey.get(key);
    if (known !== undefined) return known;
    const chars: number[] = [];
    this.closure(kernel, false, false, chars);
    const id = this.add(chars, this.closure(kernel, false, true, []));
    this.byKey.set(key, id);
    return id;
  }

  private add(chars: number[], accept: boolean): number {
    this.states.push({ chars, accept, ascii: new Int32Array(128).fill(-1), other: undefined });
    return this.states.length - 1;
  }

  /** Follows the jumps from `starts` (with `^` and `$` holding or not); character tests go to `into`. */
  private closure(starts: readonly number[], atStart: boolean, atEnd: boolean, into: number[]): boolean {
    const { program, marks, stack } = this;
    const generation = ++this.generation;
    let matched = false;
    for (const start of starts) stack.push(start);
    while (stack.length > 0) {
      const pc = stack.pop() as number;
      if (marks[pc] === generation) continue;
      marks[pc] = generation;
      const instruction = program[pc] as Instruction;
      switch (instruction.op) {
        case OP_CHAR:
          into.push(pc);
          break;
        case OP_MATCH:
          if (atEnd) matched = true;
          break;
        case OP_JMP:
          stack.push(instruction.x);
          break;
        case OP_SPLIT:
          stack.push(instruction.y, instruction.x);
          break;
        case OP_ASSERT:
          if (instruction.kind === '^' ? atStart : atEnd) stack.push(pc + 1);
          break;
      }
    }
    into.sort((a, b) => a - b);
    return matched;
  }
}
