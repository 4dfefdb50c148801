// The engine's file decoding, on both ways of reading a Blob: a byte stream read into one reused
// buffer, and a plain stream of the runtime's own buffers (where BYOB readers are missing).
import { describe, expect, it } from 'vitest';
import { fileText } from '../src/importer/engine/decode.js';

const TEXT = `\u{FEFF}name;note\nZoë;${'é€😀'.repeat(40_000)}\nAnn;ok\n`;
const BYTES = new TextEncoder().encode(TEXT);

async function decodeAll(blob: Blob, pieceBytes: number): Promise<{ text: string; done: number; lasts: number }> {
  let text = '';
  let done = 0;
  let lasts = 0;
  for await (const chunk of fileText(blob, 'utf-8', pieceBytes)) {
    text += chunk.text;
    done = chunk.done;
    if (chunk.last) lasts += 1;
  }
  return { text, done, lasts };
}

/** A Blob whose stream is not a byte stream, in pieces cut inside multi-byte characters. */
function plainStreamBlob(bytes: Uint8Array, cut: number): Blob {
  return {
    size: bytes.length,
    stream: () =>
      new ReadableStream<Uint8Array>({
        start(controller) {
          for (let at = 0; at < bytes.length; at += cut) controller.enqueue(bytes.slice(at, at + cut));
          controller.close();
        },
      }),
  } as unknown as Blob;
}

describe('fileText', () => {
  it('reads a Blob whole, characters cut between pieces included, without the byte-order mark', async () => {
    const result = await decodeAll(new Blob([BYTES]), 1_001);
    expect(result).toEqual({ text: TEXT.slice(1), done: BYTES.length, lasts: 1 });
  });

  it('reads a stream without BYOB support the same way', async () => {
    const blob = plainStreamBlob(BYTES, 7_777);
    expect(() => blob.stream().getReader({ mode: 'byob' })).toThrow();
    const result = await decodeAll(blob, 1_001);
    expect(result).toEqual({ text: TEXT.slice(1), done: BYTES.length, lasts: 1 });
  });

  it('answers one last, empty piece for an empty file', async () => {
    expect(await decodeAll(new Blob([]), 1_024)).toEqual({ text: '', done: 0, lasts: 1 });
  });
});
