// The web-platform globals that every runtime of the core provides (Node, browsers,
// Electron's renderer and main process). Declared here, and only these, because the
// core compiles against the bare ECMAScript library to stay free of Node and DOM types.

interface TextDecodeOptions {
  stream?: boolean;
}
interface TextDecoderOptions {
  fatal?: boolean;
  ignoreBOM?: boolean;
}
declare class TextDecoder {
  constructor(label?: string, options?: TextDecoderOptions);
  decode(input?: Uint8Array, options?: TextDecodeOptions): string;
}
declare class TextEncoder {
  encode(input?: string): Uint8Array;
}
declare function atob(data: string): string;
declare function btoa(data: string): string;
/** The monotonic clock of the HTML standard's High Resolution Time, in Node and every browser. */
declare const performance: { now(): number };
/** The WHATWG URL parser of Node and every browser; only what the core reads of it. */
declare class URL {
  constructor(url: string, base?: string);
  readonly protocol: string;
  readonly origin: string;
  readonly host: string;
  readonly hostname: string;
  readonly pathname: string;
  readonly search: string;
  readonly username: string;
  readonly password: string;
}
