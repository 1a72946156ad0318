// Declarations of the npm package `nonolab` (nonolab.mjs), written by hand.
// The records are those of `nonolab solve --json` / `check --json`:
// docs/interface.md describes every field, docs/javascript.md the API.

/** A verdict word (docs/interface.md, "Verdicts"). */
export type Status =
  | "unique"         // exactly one solution, proven
  | "multiple"       // two or more solutions found
  | "solved"         // one found; uniqueness not asked for or not proven
  | "contradiction"  // no solution, proven
  | "timeout"        // the budget ran out before a verdict
  | "unsolved"       // a heuristic method reached its limit
  | "error";         // the input could not be read: see `error`

/** The method's numbers: always `evaluations` and `best_error` for the
 *  exact solver's records, plus its counters (`nodes`, `line_solves`, ...);
 *  `grade` and the shares with `grade: true`. */
export interface Stats {
  evaluations?: number;
  best_error?: number;
  nodes?: number;
  line_solves?: number;
  grade?: "line" | "probing" | "search" | "contradiction" | "unknown";
  line_share?: number;
  probe_share?: number;
  search_share?: number;
  [key: string]: number | string | string[] | undefined;
}

/** One puzzle's record: the JSON line of `nonolab solve --json`. */
export interface RunRecord {
  /** Position in the batch, from 0. */
  unit: number;
  /** The file name given as `filename`, as the CLI's "source". */
  source: string;
  /** The puzzle's number in its file, from 1 (0: the file could not be split). */
  index: number;
  /** The puzzle's title, "" when the file has none. */
  name: string;
  group?: string;
  width: number;
  height: number;
  /** The method's name, "exact" unless another was asked for. */
  method: string;
  /** The parameters given, as strings. */
  params: Record<string, string>;
  trial: number;
  seed: number;
  max_evaluations: number;
  /** The budget in seconds, 0 = none. */
  timeout: number;
  curve_every: number;
  status: Status;
  /** Wall time of this puzzle's run. */
  seconds: number;
  /** Each solution found, as rows top to bottom: "#" filled, "." empty,
   *  in colour each colour's symbol. Every one has passed nonolab's verify. */
  solutions: string[][];
  stats: Stats;
  /** The reader's message (file, line, what was expected) when status is "error". */
  error?: string;
  /** Why the clues alone rule out every grid, for such a "contradiction". */
  reason?: string;
  curve?: Array<[number, number]>;
}

/** A puzzle file's contents: text, or bytes (for binary formats such as .npz). */
export type PuzzleInput = string | Uint8Array | ArrayBuffer;

export interface CheckOptions {
  /** The file's name: its extension picks the format, and it is the records' `source`. */
  filename?: string;
  /** Seconds for the file, 0 = none. */
  timeout?: number;
  /** Also grade each puzzle (stats.grade and the shares). */
  grade?: boolean;
  /** Only these puzzles of the file, numbered from 1. */
  index?: number[];
}

export interface SolveOptions {
  filename?: string;
  timeout?: number;
  /** Stop after this many solutions (default 2, which proves uniqueness). */
  solutions?: number;
  /** The method, "exact" by default. */
  method?: string;
  index?: number[];
}

export interface ConvertOptions {
  filename?: string;
}

/** One answer of the engine's API, as an HTTP answer of `nonolab serve`. */
export interface EngineResponse {
  status: number;
  type: string;
  body: Uint8Array;
}

/** An Error thrown for input the engine refuses; `status` is the HTTP status
 *  `nonolab serve` would answer (400 for input that cannot be read). */
export interface EngineError extends Error {
  status?: number;
}

export declare class Engine {
  private constructor(module: unknown);

  /** Loads the WebAssembly engine; `dir` is the folder holding
   *  nonolab-engine.js and nonolab-engine.wasm (default: this package's). */
  static load(dir?: string): Promise<Engine>;

  /** As `nonolab --version` prints it, e.g. "nonolab 0.1.0". */
  readonly version: string;

  /** The records of `nonolab check`: one per puzzle of the file. */
  check(body: PuzzleInput, options?: CheckOptions): RunRecord[];

  /** The records of `nonolab solve` with the exact solver. */
  solve(body: PuzzleInput, options?: SolveOptions): RunRecord[];

  /** The file's puzzles in the format `to` names (a name that
   *  `nonolab formats` lists): text, or bytes for a binary format. */
  convert(body: PuzzleInput, to: string, options?: ConvertOptions): string | Uint8Array;

  /** One request to the routes of `nonolab serve` (docs/interface.md). */
  request(
    method: "GET" | "POST",
    route: string,
    query?: Record<string, string | number | boolean | null | undefined>,
    body?: PuzzleInput,
    type?: string,
  ): EngineResponse;

  /** A route's JSON answer; throws an EngineError for a status other than 200. */
  json(
    route: string,
    query?: Record<string, string | number | boolean | null | undefined>,
    body?: PuzzleInput,
  ): unknown;
}
