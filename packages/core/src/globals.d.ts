// The WHATWG URL class exists in every runtime core runs in (browsers, Node, workers). Core
// compiles without DOM or Node types so that neither creeps in; this declares the part it uses.
declare class URL {
  constructor(url: string, base?: string);
  readonly protocol: string;
  readonly hostname: string;
  readonly port: string;
  readonly origin: string;
}
