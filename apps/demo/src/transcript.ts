import { inspect } from "node:util";

const color = process.stdout.isTTY && !process.env.NO_COLOR;
const paint = (code: number) => (text: string) => (color ? `\u001b[${code}m${text}\u001b[0m` : text);

/** Styles for the demo's transcript (plain text when stdout is not a terminal or NO_COLOR is set). */
export const style = {
  bold: paint(1),
  dim: paint(2),
  green: paint(32),
  yellow: paint(33),
  cyan: paint(36),
  red: paint(31),
};

/** Prints a numbered section heading. */
export function step(n: number, title: string): void {
  process.stdout.write(`\n${style.bold(`${n}. ${title}`)}\n`);
}

/** Prints the SDK call being made, as code. */
export function code(text: string): void {
  process.stdout.write(`   ${style.cyan(text)}\n`);
}

/** Prints an indented line of narration. */
export function say(text: string): void {
  process.stdout.write(`   ${text}\n`);
}

/** Prints a value compactly (one line per pet for arrays). */
export function show(value: unknown): void {
  const lines = Array.isArray(value)
    ? value.map((item) => inspect(item, { breakLength: Infinity, colors: color }))
    : [inspect(value, { breakLength: 100, colors: color })];
  for (const line of lines) process.stdout.write(`   ${style.dim("→")} ${line}\n`);
}
