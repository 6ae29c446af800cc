/** A fenced code block of a Markdown document. */
export interface CodeBlock {
  /** The fence's language word: `ts`, `sh`, … */
  lang: string;
  code: string;
}

/** The fenced code blocks of `markdown`, in order. */
export function codeBlocks(markdown: string): CodeBlock[] {
  return [...markdown.matchAll(/^```(\w*)[^\n]*\n([\s\S]*?)^```[ \t]*$/gm)].map((match) => ({
    lang: match[1] ?? "",
    code: match[2] ?? "",
  }));
}
