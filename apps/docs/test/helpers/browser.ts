import { createRequire } from "node:module";
import { readFile } from "node:fs/promises";
import type { BrowserContext, Page } from "playwright-core";

/** Records every request of `target` in `seen`; aborts those to any host but 127.0.0.1 and records them in `blocked`. */
export async function blockOffLoopback(target: BrowserContext, seen: string[], blocked: string[]): Promise<void> {
  await target.route("**/*", (route) => {
    const url = route.request().url();
    seen.push(url);
    const { protocol, hostname } = new URL(url);
    if ((protocol === "http:" || protocol === "https:") && hostname !== "127.0.0.1") {
      blocked.push(url);
      return route.abort("blockedbyclient");
    }
    return route.continue();
  });
}

const AXE = await readFile(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** axe-core's violations on the page, injected inline (nothing is fetched), as `rule: target` lines. */
export async function axeViolations(page: Page): Promise<string[]> {
  // Evaluated rather than added as a script tag, so it also runs on the page with JavaScript turned off.
  await page.evaluate(AXE);
  const violations = await page.evaluate(async () => {
    const result = await (
      window as unknown as {
        axe: { run(context: Document): Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }> };
      }
    ).axe.run(document);
    return result.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(" ")}`));
  });
  return violations;
}

/**
 * Text that an `overflow: hidden` box (or the page's edge) cuts off: each line of every text node is checked against
 * its ancestors up to the first one that scrolls sideways, as a code block may. No inner functions: the bundler would
 * wrap them in a helper the page does not have.
 */
export const cutOff = (page: Page) =>
  page.evaluate(() => {
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim();
      if (!text) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const lines = [...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0);
      for (let box = node.parentElement; lines.length > 0 && box; box = box.parentElement) {
        const overflow = getComputedStyle(box).overflowX;
        if (overflow === "auto" || overflow === "scroll") break;
        const edge =
          box === document.body
            ? { left: 0, right: document.documentElement.clientWidth }
            : overflow === "hidden" || overflow === "clip"
              ? box.getBoundingClientRect()
              : undefined;
        if (edge && lines.some((r) => r.left < edge.left - 1 || r.right > edge.right + 1)) {
          found.push(`"${text.slice(0, 40)}" is cut off by ${box.tagName.toLowerCase()}.${box.className}`);
          break;
        }
      }
    }
    return found;
  });
