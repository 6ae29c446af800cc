/** A fenced code block of a Markdown document. */
export interface CodeBlock {
  /** The language word of the fence (`js`, `ts`, `json`, `sh`, …). */
  lang: string;
  /** The file name written after the language (```` ```js index.mjs ````), if any. */
  file: string | undefined;
  code: string;
}

/** The fenced code blocks of `markdown`, in order. */
export function codeBlocks(markdown: string): CodeBlock[] {
  const blocks: CodeBlock[] = [];
  for (const match of markdown.matchAll(/^```(\w+)(?:[ \t]+(\S+))?[ \t]*\n([\s\S]*?)^```[ \t]*$/gm)) {
    blocks.push({ lang: match[1] ?? "", file: match[2], code: match[3] ?? "" });
  }
  return blocks;
}

/** The blocks of `markdown` that name a file, as file name → contents; a name used twice is an error. */
export function namedFiles(markdown: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const block of codeBlocks(markdown)) {
    if (block.file === undefined) continue;
    if (files.has(block.file)) throw new Error(`[@petstore/release-test] two code blocks are named ${block.file}`);
    files.set(block.file, block.code);
  }
  return files;
}
