// The WHATWG URL class exists in every runtime core runs in (browsers, Node, workers). Core
// compiles without DOM or Node types so that neither creeps in; this declares the part it uses.
declare class URL {
  constructor(url: string, base?: string);
  readonly protocol: string;
  readonly hostname: string;
  readonly port: string;
  readonly origin: string;
}

// The WHATWG encoding classes, likewise in every runtime core runs in: the importer's byte path
// decodes text cells a block at a time (and its tests encode cells).
declare class TextDecoder {
  constructor(label?: string, options?: { fatal?: boolean; ignoreBOM?: boolean });
  decode(input?: Uint8Array, options?: { stream?: boolean }): string;
}
declare class TextEncoder {
  encode(input?: string): Uint8Array;
  encodeInto(source: string, destination: Uint8Array): { read: number; written: number };
}

// Likewise WHATWG: the SDKs' request core (src/http/) builds query strings with it.
declare class URLSearchParams {
  constructor();
  append(name: string, value: string): void;
  toString(): string;
}
