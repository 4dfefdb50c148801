// Markdown of docs/*.md: fenced blocks paired as example → response (docs/README.md, "How the
// examples are tested"), and the prose and heading anchors the link check reads.

export interface Block {
  info: string;
  text: string;
  line: number;
}

export interface Example {
  page: string;
  line: number;
  kind: 'http' | 'sh';
  request: string;
  response: { kind: 'http' | 'json'; text: string; status?: number };
}

export function fencedBlocks(markdown: string): Block[] {
  const lines = markdown.split('\n');
  const blocks: Block[] = [];
  for (let i = 0; i < lines.length; i += 1) {
    const open = /^(\s*)(`{3,}|~{3,})(.*)$/.exec(lines[i] ?? '');
    if (!open) continue;
    const [, indent = '', fence = '', info = ''] = open;
    const body: string[] = [];
    let j = i + 1;
    for (; j < lines.length; j += 1) {
      const line = lines[j] ?? '';
      const trimmed = line.trim();
      if (trimmed.startsWith(fence) && trimmed.replaceAll(fence[0] ?? '`', '') === '') break;
      body.push(line.startsWith(indent) ? line.slice(indent.length) : line.trimStart());
    }
    blocks.push({ info: info.trim(), text: body.join('\n'), line: i + 1 });
    i = j;
  }
  return blocks;
}

const REQUEST_INFO = /^(http|sh) example$/;
const RESPONSE_INFO = /^(http|json) response(?: (\d{3}))?$/;

/** The examples of one page, in order; a malformed pairing is reported, not skipped. */
export function examplesOf(page: string, markdown: string): { examples: Example[]; problems: string[] } {
  const examples: Example[] = [];
  const problems: string[] = [];
  const blocks = fencedBlocks(markdown);
  for (let i = 0; i < blocks.length; i += 1) {
    const block = blocks[i] as Block;
    const request = REQUEST_INFO.exec(block.info);
    const response = RESPONSE_INFO.exec(block.info);
    if (response) {
      problems.push(`${page}:${block.line}: a response block without an example block before it`);
      continue;
    }
    if (!request) continue;
    const next = blocks[i + 1];
    const paired = next && RESPONSE_INFO.exec(next.info);
    if (!next || !paired) {
      problems.push(`${page}:${block.line}: an example block must be followed by a \`http response\` or \`json response\` block`);
      continue;
    }
    i += 1;
    examples.push({
      page,
      line: block.line,
      kind: request[1] as 'http' | 'sh',
      request: block.text,
      response: { kind: paired[1] as 'http' | 'json', text: next.text, ...(paired[2] ? { status: Number(paired[2]) } : {}) },
    });
  }
  return { examples, problems };
}

/** Markdown without fenced blocks and inline code, where links are not links. */
export function prose(markdown: string): string {
  let fence: string | undefined;
  const lines: string[] = [];
  for (const line of markdown.split('\n')) {
    const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (marker && (fence === undefined || marker.startsWith(fence))) {
      fence = fence === undefined ? marker : undefined;
      lines.push('');
    } else {
      lines.push(fence === undefined ? line.replace(/`[^`]*`/g, '') : '');
    }
  }
  return lines.join('\n');
}

/** The anchors GitHub gives a page's headings. */
export function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  for (const line of prose(markdown.replace(/`/g, '')).split('\n')) {
    const heading = /^#{1,6}\s+(.*)$/.exec(line)?.[1];
    if (heading === undefined) continue;
    const slug = heading.trim().toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/\s/g, '-');
    let anchor = slug;
    for (let n = 1; anchors.has(anchor); n += 1) anchor = `${slug}-${n}`;
    anchors.add(anchor);
  }
  return anchors;
}
